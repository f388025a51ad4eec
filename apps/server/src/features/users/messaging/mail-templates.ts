import type { users as contract } from '@console/contract';

/**
 * The access mails (spec 3 §9: templates 165, 198, 197), in French like the interface. A
 * password appears only when it can be shown (pupils' and teachers' are encrypted); staff
 * passwords are hashed, so their mail says how to get back in instead. The personal sign-in link
 * is for pupils and teachers only; staff sign in with their password at the console's address.
 */

export type MailTemplateId = (typeof contract.MAIL_TEMPLATE_IDS)[number];

export type AccessMailData = {
  firstName: string;
  login: string;
  /** The clear password, or null when it is hashed (staff). */
  password: string | null;
  /** The personal sign-in link (origin + '/?iduser=' + the link token); null for staff, who sign in by password. */
  signInUrl: string | null;
  /** The console's address, given instead of a sign-in link. */
  consoleUrl: string;
  schoolName: string | null;
};

export type RenderedMail = { subject: string; text: string; html: string };

const PRODUCT = 'Console ENT';

type Template = { subject: string; introduction: (data: AccessMailData) => string };

const inSchool = (data: AccessMailData) => (data.schoolName ? ` de l'établissement ${data.schoolName}` : '');

const TEMPLATES: Record<MailTemplateId, Template> = {
  165: {
    subject: `Vos accès à la ${PRODUCT}`,
    introduction: (data) => `Voici vos accès à la ${PRODUCT}${inSchool(data)}.`,
  },
  198: {
    subject: `Vos accès administrateur d'établissement à la ${PRODUCT}`,
    introduction: (data) =>
      `Vous êtes administrateur${inSchool(data)} sur la ${PRODUCT} : vous y gérez les comptes des élèves et des enseignants, leurs applications et leurs documents. Voici vos accès.`,
  },
  197: {
    subject: `Vos accès gestionnaire à la ${PRODUCT}`,
    introduction: () =>
      `Vous êtes gestionnaire sur la ${PRODUCT} : vous y suivez le déploiement des établissements qui vous sont confiés et gérez leurs utilisateurs. Voici vos accès.`,
  },
};

export const HASHED_PASSWORD_NOTICE =
  "Votre mot de passe n'est pas rappelé dans ce message : par sécurité, il est enregistré sous une forme que personne ne peut relire. Si vous l'avez oublié, demandez à un administrateur de vous en donner un nouveau, puis choisissez le vôtre dans « Mon compte ».";
const LINK_NOTICE = 'Ce lien vous connecte sans saisir vos identifiants : ne le transmettez à personne.';

/** The subject, plain text and HTML of one user's access mail. */
export function renderAccessMail(templateId: MailTemplateId, data: AccessMailData): RenderedMail {
  const template = TEMPLATES[templateId];
  const introduction = template.introduction(data);
  const text = [
    `Bonjour ${data.firstName},`,
    '',
    introduction,
    '',
    `Identifiant : ${data.login}`,
    data.password === null ? HASHED_PASSWORD_NOTICE : `Mot de passe : ${data.password}`,
    '',
    ...(data.signInUrl === null
      ? [`Adresse de la console : ${data.consoleUrl}`]
      : [`Connexion directe : ${data.signInUrl}`, LINK_NOTICE]),
    '',
    'Cordialement,',
    `L'équipe ${PRODUCT}`,
    '',
  ].join('\n');
  const passwordLine =
    data.password === null
      ? `<p>${escapeHtml(HASHED_PASSWORD_NOTICE)}</p>`
      : `<li>Mot de passe : <strong>${escapeHtml(data.password)}</strong></li>`;
  const html = [
    '<!doctype html><html lang="fr"><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Bonjour ${escapeHtml(data.firstName)},</p>`,
    `<p>${escapeHtml(introduction)}</p>`,
    `<ul><li>Identifiant : <strong>${escapeHtml(data.login)}</strong></li>${data.password === null ? '' : passwordLine}</ul>`,
    data.password === null ? passwordLine : '',
    data.signInUrl === null
      ? `<p><a href="${escapeHtml(data.consoleUrl)}">Ouvrir la ${PRODUCT}</a></p>`
      : `<p><a href="${escapeHtml(data.signInUrl)}">Se connecter à la ${PRODUCT}</a><br>${escapeHtml(LINK_NOTICE)}</p>`,
    `<p>Cordialement,<br>L'équipe ${PRODUCT}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: template.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
