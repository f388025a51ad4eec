/** French first names, mixed, as pupils and staff carry them (accents and hyphens included on purpose). */
export const FIRST_NAMES = [
  'Emma', 'Louise', 'Jade', 'Alice', 'Chloé', 'Léa', 'Manon', 'Inès', 'Camille', 'Zoé',
  'Lina', 'Sarah', 'Juliette', 'Anaïs', 'Clémence', 'Mathilde', 'Éléonore', 'Margaux', 'Lou', 'Rose',
  'Ambre', 'Nina', 'Agathe', 'Héloïse', 'Romane', 'Maëlys', 'Océane', 'Anne-Sophie', 'Yasmine', 'Aïcha',
  'Gabriel', 'Léo', 'Raphaël', 'Louis', 'Arthur', 'Jules', 'Hugo', 'Lucas', 'Adam', 'Nathan',
  'Théo', 'Noah', 'Tom', 'Sacha', 'Maël', 'Paul', 'Nolan', 'Timéo', 'Ethan', 'Mathis',
  'Baptiste', 'Clément', 'Antoine', 'Victor', 'Benoît', 'Jean-Baptiste', 'François', 'Mehdi', 'Youssef', 'Kylian',
] as const;

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent',
  'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard',
  'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André',
  'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia',
  'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson',
  'Marchand', 'Duval', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Le Gall', "N'Diaye", 'Benali',
] as const;

export const SUBJECTS = [
  'Mathématiques', 'Français', 'Histoire-Géographie', 'SVT', 'Anglais', 'EPS', 'Physique-Chimie',
  'Technologie', 'Espagnol', 'Allemand', 'Arts plastiques', 'Éducation musicale', 'Documentation',
] as const;

export const PUPIL_COMMENTS = [
  'PAI : allergie arachide',
  'Arrivé en cours d’année',
  'Tablette à remplacer (écran fissuré)',
  'Tiers temps aux évaluations',
  'Compte réactivé à la demande de la famille',
] as const;

export const STAFF_COMMENTS = ['Référent numérique', 'Remplaçant jusqu’en juin', 'Professeur principal'] as const;
