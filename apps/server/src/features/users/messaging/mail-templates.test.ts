import { describe, expect, it } from 'vitest';
import { HASHED_PASSWORD_NOTICE, renderAccessMail, type AccessMailData } from './mail-templates.js';

const pupil: AccessMailData = {
  firstName: 'Léa',
  login: 'lea.martin',
  password: 'bafo4821',
  signInUrl: 'https://console.example.fr/?iduser=abc',
  consoleUrl: 'https://console.example.fr/',
  schoolName: 'Collège Jean Moulin',
};

describe('renderAccessMail', () => {
  it.each([
    [165, 'Vos accès à la Console ENT', "Voici vos accès à la Console ENT de l'établissement Collège Jean Moulin."],
    [
      198,
      "Vos accès administrateur d'établissement à la Console ENT",
      "Vous êtes administrateur de l'établissement Collège Jean Moulin",
    ],
    [197, 'Vos accès gestionnaire à la Console ENT', 'Vous êtes gestionnaire sur la Console ENT'],
  ] as const)('template %i: its subject and introduction', (templateId, subject, introduction) => {
    const mail = renderAccessMail(templateId, pupil);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(introduction);
  });

  it('gives the first name, login, password and personal link in text and HTML', () => {
    const mail = renderAccessMail(165, pupil);
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Bonjour Léa,',
        'Identifiant : lea.martin',
        'Mot de passe : bafo4821',
        'Connexion directe : https://console.example.fr/?iduser=abc',
      ]),
    );
    expect(mail.html).toContain('<strong>lea.martin</strong>');
    expect(mail.html).toContain('<strong>bafo4821</strong>');
    expect(mail.html).toContain('<a href="https://console.example.fr/?iduser=abc">');
  });

  it('leaves out the school when the user has none', () => {
    expect(renderAccessMail(165, { ...pupil, schoolName: null }).text).toContain('Voici vos accès à la Console ENT.');
  });

  it('explains instead of giving a hashed password, and gives staff the console address instead of a sign-in link', () => {
    const mail = renderAccessMail(197, { ...pupil, password: null, signInUrl: null });
    expect(mail.text).toContain(HASHED_PASSWORD_NOTICE);
    expect(mail.text).not.toContain('Mot de passe :');
    expect(mail.html).not.toContain('Mot de passe :');
    expect(mail.text).toContain('Adresse de la console : https://console.example.fr/');
    expect(mail.html).toContain('<a href="https://console.example.fr/">');
    expect(`${mail.text}${mail.html}`).not.toContain('iduser');
  });

  it('escapes what users typed in the HTML part', () => {
    const mail = renderAccessMail(165, { ...pupil, firstName: '<script>x</script>', password: 'a"b&c' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(mail.html).toContain('a&#34;b&#38;c');
    expect(mail.text).toContain('Mot de passe : a"b&c');
  });
});
