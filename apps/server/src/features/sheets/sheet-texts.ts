import type { sheets } from '@console/contract';

/** The words printed on a sheet, in each of the sheets' languages (spec 3 §9: fr, en, es). */
export type SheetTexts = {
  deployTitle: string;
  /** The label sheets' titles (the PDF's title; labels print no heading). */
  labelBoxTitle: string;
  labelFrameTitle: string;
  school: string;
  name: string;
  classOrLevel: string;
  login: string;
  password: string;
  /** Staff choose their own password: the sheet says so instead of printing one. */
  ownPassword: string;
  /** A secret the caller may not see. */
  hidden: string;
  scan: string;
  accesses: string;
  application: string;
  code: string;
  noAccess: string;
  printedOn: string;
  /** The file of the users without a class, or a level, in the zips by class and by level. */
  noClass: string;
  noLevel: string;
};

export const SHEET_TEXTS: Record<sheets.SheetLanguage, SheetTexts> = {
  fr: {
    deployTitle: 'Fiche de déploiement',
    labelBoxTitle: 'Étiquettes pour boîtier',
    labelFrameTitle: 'Étiquettes pour cadre',
    school: 'Établissement',
    name: 'Nom',
    classOrLevel: 'Classe / niveau',
    login: 'Identifiant',
    password: 'Mot de passe',
    ownPassword: 'choisi par l’utilisateur',
    hidden: 'non communiqué',
    scan: 'Scannez ce code pour vous connecter',
    accesses: 'Vos accès aux ressources',
    application: 'Ressource',
    code: 'Code',
    noAccess: 'Aucun accès à une ressource.',
    printedOn: 'Imprimé le',
    noClass: 'sans classe',
    noLevel: 'sans niveau',
  },
  en: {
    deployTitle: 'Deployment sheet',
    labelBoxTitle: 'Box labels',
    labelFrameTitle: 'Frame labels',
    school: 'School',
    name: 'Name',
    classOrLevel: 'Class / level',
    login: 'Login',
    password: 'Password',
    ownPassword: 'chosen by the user',
    hidden: 'not disclosed',
    scan: 'Scan this code to sign in',
    accesses: 'Your access to resources',
    application: 'Resource',
    code: 'Code',
    noAccess: 'No access to any resource.',
    printedOn: 'Printed on',
    noClass: 'no class',
    noLevel: 'no level',
  },
  es: {
    deployTitle: 'Ficha de despliegue',
    labelBoxTitle: 'Etiquetas para caja',
    labelFrameTitle: 'Etiquetas para marco',
    school: 'Centro',
    name: 'Nombre',
    classOrLevel: 'Clase / nivel',
    login: 'Usuario',
    password: 'Contraseña',
    ownPassword: 'elegida por el usuario',
    hidden: 'no comunicada',
    scan: 'Escanee este código para conectarse',
    accesses: 'Sus accesos a los recursos',
    application: 'Recurso',
    code: 'Código',
    noAccess: 'Ningún acceso a un recurso.',
    printedOn: 'Impreso el',
    noClass: 'sin clase',
    noLevel: 'sin nivel',
  },
};

const LOCALES: Record<sheets.SheetLanguage, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

/** A printing date as the sheet's language writes it, in the console's time zone (TIME_ZONE). */
export function printedDate(language: sheets.SheetLanguage, now: Date, zone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(now);
}
