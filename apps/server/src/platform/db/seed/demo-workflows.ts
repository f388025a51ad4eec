import { type workflows } from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { users, workflowEvents, workflowItems, workflowQuotes } from '../schema/index.js';
import { DEMO_SCHOOLS } from './catalogue.js';
import { demoAccountOf } from './demo-accounts.js';
import { seedWorkflowSteps } from './workflows.js';

type StepName = workflows.WorkflowStepName;
type DemoStep = { status: 1 | 2 | 5; comment?: string; daysAgo: number; subSteps?: { label: string; done: boolean }[] };
type DemoWorkflow = { quote?: workflows.QuoteStatus; steps: Partial<Record<StepName, DemoStep>> };

/**
 * The progress of the demo schools, by their position in DEMO_SCHOOLS: the first well under
 * way (quote signed, sub-steps, a step not needed), the next ones less so, the last untouched.
 */
const DEMO_WORKFLOWS: DemoWorkflow[] = [
  {
    quote: 'signed',
    steps: {
      'Liste des manuels': { status: 1, daysAgo: 40, comment: 'Liste validée avec la documentaliste.' },
      'Devis envoyé': {
        status: 1,
        daysAgo: 35,
        subSteps: [
          { label: 'Envoi au chef d’établissement', done: true },
          { label: 'Relance comptable', done: true },
        ],
      },
      'Commandes fournisseurs': {
        status: 2,
        daysAgo: 12,
        subSteps: [
          { label: 'Hachette', done: true },
          { label: 'Nathan', done: false },
        ],
      },
      'Liste élèves reçue': { status: 1, daysAgo: 10 },
      'Liste profs reçue': { status: 2, daysAgo: 3, comment: 'Attendue pour la rentrée.' },
      'Formation/Copil': { status: 5, daysAgo: 20 },
    },
  },
  {
    quote: 'pending',
    steps: {
      'Liste des manuels': { status: 1, daysAgo: 18 },
      'Devis envoyé': { status: 1, daysAgo: 9, comment: 'Devis n° PR2609-0042.' },
      Sources: { status: 5, daysAgo: 9 },
    },
  },
  { quote: 'refused', steps: { 'Liste des manuels': { status: 1, daysAgo: 6 }, 'Devis envoyé': { status: 1, daysAgo: 5 } } },
  {
    steps: {
      'Liste des manuels': {
        status: 2,
        daysAgo: 2,
        subSteps: [
          { label: 'Niveau 6e', done: true },
          { label: 'Niveau 5e', done: false },
        ],
      },
    },
  },
];

/**
 * Gives the demo schools some workflow progress, in the demo's transaction: events by the demo
 * Administrateur and Gestionnaire, sub-steps, comments, and quote statuses. Expects the demo
 * schools and accounts to exist; seeds the steps first (idempotent) so that it needs nothing else.
 */
export async function seedDemoWorkflows(tx: Executor, now = new Date()): Promise<void> {
  await seedWorkflowSteps(tx);
  const steps = await tx
    .select({ id: workflowItems.id, label: workflowItems.label })
    .from(workflowItems)
    .where(eq(workflowItems.level, 1));
  const stepId = new Map(steps.map((step) => [step.label, step.id]));
  const authors = await tx
    .select({ id: users.id, login: users.login, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(inArray(users.login, [demoAccountOf('Administrateur').login, demoAccountOf('Gestionnaire').login]));
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);

  for (const [index, plan] of DEMO_WORKFLOWS.entries()) {
    const school = DEMO_SCHOOLS[index];
    if (!school) break;
    const author = authors[index % Math.max(1, authors.length)];
    const by = { modifiedById: author?.id ?? null, modifiedBy: author ? `${author.firstname} ${author.lastname}` : null };
    if (plan.quote) await tx.insert(workflowQuotes).values({ uai: school.uai, status: plan.quote, modifiedAt: ago(30), ...by });
    for (const [label, step] of Object.entries(plan.steps) as [StepName, DemoStep][]) {
      const itemId = stepId.get(label)!;
      const modifiedAt = ago(step.daysAgo);
      await tx
        .insert(workflowEvents)
        .values({ uai: school.uai, itemId, statusId: step.status, comment: step.comment ?? null, modifiedAt, ...by });
      for (const [order, subStep] of (step.subSteps ?? []).entries()) {
        const [row] = await tx
          .insert(workflowItems)
          .values({ uai: school.uai, parentId: itemId, level: 2, label: subStep.label, orderInLevel: order + 1 })
          .returning({ id: workflowItems.id });
        await tx
          .insert(workflowEvents)
          .values({ uai: school.uai, itemId: row!.id, statusId: subStep.done ? 1 : 2, modifiedAt, ...by });
      }
    }
  }
}
