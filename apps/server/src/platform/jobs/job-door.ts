import type { FastifyInstance } from 'fastify';
import { AppError } from '#platform/errors/app-error.js';
import type { JobQueue } from './job-queue.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyInstance {
    /** Routes' door to the job module, which the process creates after the app (see `main.ts`). */
    jobs: JobDoor;
  }
}

/**
 * What routes see of the job module: adding a job (a send started by a click). The app is built
 * before the job module, which needs the app's realtime server; the door is bound once both exist.
 * Until then a route that adds a job answers 503, as when the queue is away.
 */
export type JobDoor = {
  add: JobQueue['add'];
  bind: (queue: JobQueue) => void;
};

export function createJobDoor(): JobDoor {
  let bound: JobQueue | undefined;
  return {
    bind: (queue) => {
      bound = queue;
    },
    add: async (name, data, jobId) => {
      if (!bound) throw new AppError('service_unavailable', 'The job module has not started');
      await bound.add(name, data, jobId);
    },
  };
}

/** Decorates the app with its job door. */
export function decorateJobDoor(app: FastifyInstance): void {
  app.decorate('jobs', createJobDoor());
}
