import { computeUaiCheckLetter } from '@console/contract';
import type { ApplicationUrls, PlatformUrls } from '../schema/index.js';

/** A UAI from its 7 digits (department prefix first), with the computed check letter. */
export function withCheckLetter(digits: string): string {
  return digits + computeUaiCheckLetter(digits);
}

export const DEMO_COUNTRIES = ['France', 'Maroc', 'Espagne', 'Belgique', 'Suisse', 'Sénégal'] as const;
export type DemoCountry = (typeof DEMO_COUNTRIES)[number];

export const DEMO_CITIES: { name: string; postalCode: string; country: DemoCountry }[] = [
  { name: 'Lyon', postalCode: '69003', country: 'France' },
  { name: 'Nantes', postalCode: '44000', country: 'France' },
  { name: 'Bordeaux', postalCode: '33000', country: 'France' },
  { name: 'Toulouse', postalCode: '31000', country: 'France' },
  { name: 'Paris', postalCode: '75005', country: 'France' },
  { name: 'Lille', postalCode: '59000', country: 'France' },
  { name: 'Marseille', postalCode: '13001', country: 'France' },
  { name: 'Casablanca', postalCode: '20250', country: 'Maroc' },
  { name: 'Madrid', postalCode: '28010', country: 'Espagne' },
  { name: 'Bruxelles', postalCode: '1000', country: 'Belgique' },
  { name: 'Dakar', postalCode: '10200', country: 'Sénégal' },
];

/** Ordered as the add-school form lists them; "École élémentaire" first, as typeOfEstablishment defaults to 1. */
export const DEMO_SCHOOL_TYPES = ['École élémentaire', 'Collège', 'Lycée', 'Lycée professionnel'] as const;
export type DemoSchoolType = (typeof DEMO_SCHOOL_TYPES)[number];

/** A person a demo school lists on its contact card (spec 2 §2.14). */
export type DemoContact = { firstname: string; lastname: string; poste: string; email: string; phonePro: string };

export type DemoSchool = {
  uai: string;
  name: string;
  city: string;
  extension: string;
  address: string;
  sector: 'Public' | 'Privé';
  type: DemoSchoolType;
  country: DemoCountry;
  /** From the education directory; null for a school it does not list (its contact card shows no map). */
  latitude: number | null;
  longitude: number | null;
  /** The contact card's phone and website (as typed: one leaves out `http://`, which the card adds). */
  phone: string;
  website: string;
  /** The people the contact card lists, in order. */
  contacts: DemoContact[];
  adminDuration: number;
  connectRndPwd: boolean;
  /** The stored deployment, without its secrets and its MDM and material type. */
  deployment: Record<string, unknown>;
  /** The MDM and material type, by label (their ids are the migration's), and the secrets in clear, sealed when seeded. */
  deploymentSettings?: { mdm: string; materialType: string; ecoleDirecteApiKey?: string; depPassword?: string };
  options: string[];
  /** Pupils and teachers to create; 0 leaves the school empty, so that deletion can be shown. */
  pupils: number;
  teachers: number;
  levels: readonly string[];
};

const COLLEGE_LEVELS = ['6e', '5e', '4e', '3e'] as const;
const LYCEE_LEVELS = ['2nde', '1re', 'Tle'] as const;

export const DEMO_SCHOOLS: DemoSchool[] = [
  {
    uai: withCheckLetter('0693284'),
    name: 'Collège Jean Moulin',
    city: 'Lyon',
    extension: 'clg-moulin',
    address: '14 rue Paul Bert',
    sector: 'Public',
    type: 'Collège',
    country: 'France',
    latitude: 45.7597,
    longitude: 4.8537,
    phone: '04 78 60 21 45',
    website: 'https://clg-jean-moulin-lyon.example.fr',
    contacts: [
      {
        firstname: 'Philippe',
        lastname: 'Garnier',
        poste: 'Principal',
        email: 'principal.0693284@ac-lyon.example.fr',
        phonePro: '04 78 60 21 40',
      },
      {
        firstname: 'Sophie',
        lastname: 'Lambert',
        poste: 'Référent numérique',
        email: 'sophie.lambert@ac-lyon.example.fr',
        phonePro: '',
      },
    ],
    adminDuration: 3600,
    connectRndPwd: false,
    deployment: { asmInformations: { locationId: 'LYON-MOULIN', isSftp: false, history: [] } },
    options: ['Latin', 'Grec', 'Espagnol LV2', 'Allemand LV2', 'Section européenne', 'Chorale'],
    pupils: 110,
    teachers: 12,
    levels: COLLEGE_LEVELS,
  },
  {
    uai: withCheckLetter('0441750'),
    name: 'Collège Jules Verne',
    city: 'Nantes',
    extension: 'clg-verne',
    address: '3 boulevard de la Prairie au Duc',
    sector: 'Privé',
    type: 'Collège',
    country: 'France',
    latitude: 47.2063,
    longitude: -1.5645,
    phone: '02 40 73 18 92',
    // No scheme: the card opens it as http://, as the specification says.
    website: 'www.college-jules-verne-nantes.example.fr',
    contacts: [
      {
        firstname: 'Claire',
        lastname: 'Dubois',
        poste: 'Principale',
        email: 'direction@college-jules-verne-nantes.example.fr',
        phonePro: '02 40 73 18 90',
      },
      {
        firstname: 'Nathalie',
        lastname: 'Roussel',
        poste: 'Principale adjointe',
        email: 'n.roussel@college-jules-verne-nantes.example.fr',
        phonePro: '02 40 73 18 91',
      },
    ],
    adminDuration: 0,
    connectRndPwd: true,
    deployment: {
      managedFleet: 1,
      depWifiQuality: 2,
      depSsid: 'CLG-VERNE-TABLETTES',
      depComment: 'Tablettes des 6e et 5e ; bornes Wi-Fi du CDI et des salles du 1er étage.',
    },
    deploymentSettings: {
      mdm: 'Jamf School',
      materialType: 'iPad',
      ecoleDirecteApiKey: 'demo-key',
      depPassword: 'Verne-Tab-2026',
    },
    options: ['Latin', 'Espagnol LV2', 'Allemand LV2', 'Chorale', 'Théâtre'],
    pupils: 72,
    teachers: 9,
    levels: COLLEGE_LEVELS,
  },
  {
    uai: withCheckLetter('0330021'),
    name: 'Lycée Michel de Montaigne',
    city: 'Bordeaux',
    extension: 'lyc-montaigne',
    address: '118 cours Victor Hugo',
    sector: 'Public',
    type: 'Lycée',
    country: 'France',
    latitude: 44.8336,
    longitude: -0.5724,
    phone: '05 56 91 36 20',
    website: 'https://lycee-montaigne-bordeaux.example.fr',
    contacts: [
      {
        firstname: 'Marc',
        lastname: 'Lefebvre',
        poste: 'Proviseur',
        email: 'ce.0330021@ac-bordeaux.example.fr',
        phonePro: '05 56 91 36 21',
      },
    ],
    adminDuration: 1800,
    connectRndPwd: false,
    deployment: {},
    options: ['Latin', 'Grec', 'Section européenne', 'Espagnol LV2', 'Arts plastiques'],
    pupils: 60,
    teachers: 8,
    levels: LYCEE_LEVELS,
  },
  {
    uai: withCheckLetter('0990452'),
    name: 'Groupe scolaire Louis Massignon',
    city: 'Casablanca',
    extension: 'gs-massignon',
    address: '12 rue Ahmed Amine, Bouskoura',
    sector: 'Privé',
    type: 'Collège',
    country: 'Maroc',
    // Abroad, outside the education directory: no coordinates, so the card shows no map.
    latitude: null,
    longitude: null,
    phone: '+212 5 22 59 30 10',
    website: 'https://gs-massignon.example.ma',
    contacts: [
      {
        firstname: 'Karim',
        lastname: 'Benali',
        poste: 'Référent numérique',
        email: 'numerique@gs-massignon.example.ma',
        phonePro: '+212 6 61 23 45 67',
      },
    ],
    adminDuration: 600,
    connectRndPwd: false,
    deployment: {},
    options: ['Arabe LV2', 'Espagnol LV2', 'Section européenne'],
    pupils: 26,
    teachers: 5,
    levels: COLLEGE_LEVELS,
  },
  {
    uai: withCheckLetter('0312087'),
    name: 'École élémentaire Jean Jaurès',
    city: 'Toulouse',
    extension: 'ecole-jaures',
    address: '5 allée Jean Jaurès',
    sector: 'Public',
    type: 'École élémentaire',
    country: 'France',
    latitude: 43.6066,
    longitude: 1.4489,
    phone: '05 61 42 27 80',
    website: 'https://ecole-jean-jaures-toulouse.example.fr',
    contacts: [{ firstname: 'Isabelle', lastname: 'Martin', poste: 'Directrice', email: '', phonePro: '05 61 42 27 80' }],
    adminDuration: 0,
    connectRndPwd: false,
    deployment: {},
    options: [],
    pupils: 0,
    teachers: 0,
    levels: [],
  },
];

export type DemoPlatform = {
  id: string;
  name: string;
  order: number;
  forExport: boolean;
  exportFile: string | null;
  exportType: 'CSV' | 'XLSX';
  urlSchemeLoginRequired: boolean;
  urlSchemePwdRequired: boolean;
  urlSchemeCodeYesNo: boolean;
  urlSchemeCodeRequired: boolean;
  platformCodeYesNo: boolean;
  platformCodeRequired: boolean;
  commonCode: string | null;
  urls: PlatformUrls;
};

function platform(
  id: string,
  name: string,
  order: number,
  flags: Partial<Omit<DemoPlatform, 'id' | 'name' | 'order'>> = {},
): DemoPlatform {
  return {
    id,
    name,
    order,
    forExport: true,
    exportFile: `export_${id.toLowerCase()}`,
    exportType: 'CSV',
    urlSchemeLoginRequired: true,
    urlSchemePwdRequired: true,
    urlSchemeCodeYesNo: false,
    urlSchemeCodeRequired: false,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    commonCode: null,
    urls: [{ picturePath: `/catalogue/platforms/${id.toLowerCase()}.svg` }],
    ...flags,
  };
}

export const DEMO_PLATFORMS: DemoPlatform[] = [
  platform('LLS2020', 'Lelivrescolaire.fr', 1),
  platform('EDULIB', 'Edulib', 2, { urlSchemePwdRequired: false }),
  platform('KNE', 'Kiosque Numérique de l’Éducation', 3, { exportType: 'XLSX' }),
  platform('PNE', 'PNE', 4, {
    urlSchemeCodeYesNo: true,
    urlSchemeCodeRequired: true,
    platformCodeYesNo: true,
    platformCodeRequired: true,
  }),
  platform('CNS', 'Canal Numérique des Savoirs', 5, { exportType: 'XLSX', platformCodeYesNo: true }),
  platform('HMH', 'HMH', 6, { urlSchemeLoginRequired: false, urlSchemePwdRequired: false, commonCode: 'HMH-2026' }),
  platform('KWYK', 'Kwyk', 7, { forExport: false, exportFile: null }),
];

export type DemoApplication = {
  platformId: string;
  name: string;
  order: number;
  urls: ApplicationUrls;
  showTokenStatus: boolean;
  applicationCodeYesNo: boolean;
  applicationCodeRequired: boolean;
  commonCode: string | null;
  connectDiffPassword: boolean;
  worksWithCas: boolean;
};

function application(
  platformId: string,
  name: string,
  order: number,
  slug: string,
  flags: Partial<Omit<DemoApplication, 'platformId' | 'name' | 'order' | 'urls'>> = {},
): DemoApplication {
  return {
    platformId,
    name,
    order,
    urls: {
      picturePath: `/catalogue/applications/${slug}.svg`,
      urlScheme: `${slug}://login`,
      playStore: `https://play.google.com/store/apps/details?id=fr.${slug}.app`,
      appStore: `https://apps.apple.com/fr/app/${slug}`,
      urlLine: `https://${slug}.example.org/connexion`,
    },
    showTokenStatus: false,
    applicationCodeYesNo: false,
    applicationCodeRequired: false,
    commonCode: null,
    connectDiffPassword: false,
    worksWithCas: false,
    ...flags,
  };
}

export const DEMO_APPLICATIONS: DemoApplication[] = [
  application('LLS2020', 'Lelivrescolaire.fr', 1, 'lelivrescolaire', { showTokenStatus: true }),
  application('EDULIB', 'Edulib', 2, 'edulib', { showTokenStatus: true }),
  application('PNE', 'Educadhoc', 3, 'educadhoc', { applicationCodeYesNo: true, applicationCodeRequired: true }),
  application('CNS', 'Quizeo', 4, 'quizeo', { connectDiffPassword: true }),
  application('KWYK', 'Kwyk', 5, 'kwyk'),
  application('HMH', 'Hachette Manuels', 6, 'hachette', { worksWithCas: true }),
  application('CNS', 'Nathan', 7, 'nathan'),
  application('CNS', 'Bordas', 8, 'bordas', { applicationCodeYesNo: true }),
  application('KNE', 'Magnard', 9, 'magnard'),
  application('KNE', 'Le Robert', 10, 'lerobert', { commonCode: 'ROBERT-CLG' }),
];

/** The applications whose access carries a key: the application or its platform requires a code. */
export function requiresCode(application: DemoApplication): boolean {
  const owner = DEMO_PLATFORMS.find((candidate) => candidate.id === application.platformId);
  return application.applicationCodeRequired || Boolean(owner?.platformCodeRequired);
}
