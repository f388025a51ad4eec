import type { sheets } from '@console/contract';

/** What a form sheet prints besides its head: its words, in each of the sheets' languages. */
export type FormSheetTexts = {
  title: string;
  /** The paragraphs under the head (conditions of a loan, steps to follow). */
  paragraphs: string[];
  /** The lines to fill in by hand (the device, its serial number, dates). */
  fields: string[];
  /** The signature boxes, one per party. */
  signatures: string[];
  /** The heading of the user's resources, listed when given (the epub sheet). */
  resources?: string;
};

export type FormSheetType = 'supervisedEquipment' | 'personalEquipment' | 'epub';

/** What both loan sheets share in each language: the lines to fill in and who signs. */
const LOAN_WORDS: Record<sheets.SheetLanguage, { fields: string[]; pupil: string; guardian: string; school: string }> = {
  fr: {
    fields: ['Matériel', 'Numéro de série', 'Date de remise', 'Date de restitution'],
    pupil: 'L’élève',
    guardian: 'Le représentant légal',
    school: 'Pour l’établissement',
  },
  en: {
    fields: ['Device', 'Serial number', 'Date handed over', 'Date returned'],
    pupil: 'The pupil',
    guardian: 'The legal guardian',
    school: 'For the school',
  },
  es: {
    fields: ['Material', 'Número de serie', 'Fecha de entrega', 'Fecha de devolución'],
    pupil: 'El alumno',
    guardian: 'El representante legal',
    school: 'Por el centro',
  },
};

/**
 * The loan sheets (supervised use: the device stays at school; personal use: it goes home, and
 * the legal guardian signs too) and the offline textbooks sheet (epub), in fr, en and es.
 */
export const FORM_SHEET_TEXTS: Record<sheets.SheetLanguage, Record<FormSheetType, FormSheetTexts>> = {
  fr: {
    supervisedEquipment: {
      title: 'Prêt de matériel – usage encadré',
      paragraphs: [
        'Un équipement numérique est mis à la disposition de l’élève par l’établissement. Il reste dans l’établissement et n’est utilisé qu’en classe, sous la responsabilité d’un adulte.',
        'L’élève en prend soin, ne le prête pas et signale sans attendre toute panne, perte ou dégradation.',
      ],
      fields: LOAN_WORDS.fr.fields,
      signatures: [LOAN_WORDS.fr.pupil, LOAN_WORDS.fr.school],
    },
    personalEquipment: {
      title: 'Prêt de matériel – usage personnel',
      paragraphs: [
        'Un équipement numérique est confié à l’élève pour son travail scolaire, en classe et à la maison. Il reste la propriété de la collectivité et doit être restitué à la fin du prêt ou en cas de départ de l’établissement.',
        'L’élève et son représentant légal en prennent soin, ne le prêtent pas et signalent sans attendre toute panne, perte, vol ou dégradation.',
      ],
      fields: LOAN_WORDS.fr.fields,
      signatures: [LOAN_WORDS.fr.pupil, LOAN_WORDS.fr.guardian, LOAN_WORDS.fr.school],
    },
    epub: {
      title: 'Manuels numériques hors connexion',
      paragraphs: [
        '1. Installez l’application de l’espace numérique sur la tablette ou l’ordinateur.',
        '2. Connectez-vous avec l’identifiant et le mot de passe ci-dessus, ou scannez le QR code.',
        '3. Ouvrez « Mes manuels » et téléchargez chaque manuel pour le lire sans connexion.',
      ],
      fields: [],
      signatures: [],
      resources: 'Vos manuels et ressources',
    },
  },
  en: {
    supervisedEquipment: {
      title: 'Equipment loan – supervised use',
      paragraphs: [
        'The school lends the pupil a digital device. It stays at school and is only used in class, under the responsibility of an adult.',
        'The pupil takes care of it, does not lend it and reports any fault, loss or damage without delay.',
      ],
      fields: LOAN_WORDS.en.fields,
      signatures: [LOAN_WORDS.en.pupil, LOAN_WORDS.en.school],
    },
    personalEquipment: {
      title: 'Equipment loan – personal use',
      paragraphs: [
        'The pupil is entrusted with a digital device for schoolwork, in class and at home. It remains the property of the local authority and must be returned at the end of the loan or when the pupil leaves the school.',
        'The pupil and their legal guardian take care of it, do not lend it and report any fault, loss, theft or damage without delay.',
      ],
      fields: LOAN_WORDS.en.fields,
      signatures: [LOAN_WORDS.en.pupil, LOAN_WORDS.en.guardian, LOAN_WORDS.en.school],
    },
    epub: {
      title: 'Offline digital textbooks',
      paragraphs: [
        '1. Install the digital workspace app on the tablet or computer.',
        '2. Sign in with the login and password above, or scan the QR code.',
        '3. Open “My textbooks” and download each textbook to read it offline.',
      ],
      fields: [],
      signatures: [],
      resources: 'Your textbooks and resources',
    },
  },
  es: {
    supervisedEquipment: {
      title: 'Préstamo de material – uso supervisado',
      paragraphs: [
        'El centro pone un dispositivo digital a disposición del alumno. Permanece en el centro y solo se usa en clase, bajo la responsabilidad de un adulto.',
        'El alumno lo cuida, no lo presta e informa sin demora de cualquier avería, pérdida o daño.',
      ],
      fields: LOAN_WORDS.es.fields,
      signatures: [LOAN_WORDS.es.pupil, LOAN_WORDS.es.school],
    },
    personalEquipment: {
      title: 'Préstamo de material – uso personal',
      paragraphs: [
        'Se confía al alumno un dispositivo digital para su trabajo escolar, en clase y en casa. Sigue siendo propiedad de la administración y debe devolverse al final del préstamo o si el alumno deja el centro.',
        'El alumno y su representante legal lo cuidan, no lo prestan e informan sin demora de cualquier avería, pérdida, robo o daño.',
      ],
      fields: LOAN_WORDS.es.fields,
      signatures: [LOAN_WORDS.es.pupil, LOAN_WORDS.es.guardian, LOAN_WORDS.es.school],
    },
    epub: {
      title: 'Libros de texto digitales sin conexión',
      paragraphs: [
        '1. Instale la aplicación del espacio digital en la tableta o el ordenador.',
        '2. Conéctese con el usuario y la contraseña indicados arriba, o escanee el código QR.',
        '3. Abra «Mis libros» y descargue cada libro para leerlo sin conexión.',
      ],
      fields: [],
      signatures: [],
      resources: 'Sus libros y recursos',
    },
  },
};
