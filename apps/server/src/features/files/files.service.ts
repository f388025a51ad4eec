import { randomBytes } from 'node:crypto';
import { files, withoutAccents } from '@console/contract';
import { IMAGE_EXTENSIONS, UPLOAD_FOLDERS, UPLOAD_RANDOM_BYTES, type FileStorage } from '#adapters/storage/index.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';

/** What the files service needs beside the platform's dependencies. */
export type FilesDeps = { storage: FileStorage };

/** The longest stem of a user's file name kept in a stored name. */
export const STEM_MAX = 40;

/**
 * A user's file name as the readable part of a stored name: any folder and its extension
 * dropped, accents and ligatures removed, lower case, every run of other characters a single
 * '-', at most STEM_MAX characters; `fallback` when nothing is left.
 */
export function cleanFileStem(name: string, fallback = 'image'): string {
  const base = name.trim().split(/[/\\]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '') || base;
  const cleaned = withoutAccents(stem)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STEM_MAX)
    .replace(/-+$/, '');
  return cleaned || fallback;
}

/**
 * The storage key of a new image: `<folder>/<random>-<stem>.<extension>` (`isUploadKey` knows
 * this form). The random part (96 bits) makes every upload its own object, so that an address,
 * once stored as a picturePath or a logo, always shows the same image and may be cached; the
 * stem keeps it readable.
 */
export function buildUploadKey(request: files.UploadRequest, random: Buffer = randomBytes(UPLOAD_RANDOM_BYTES)): string {
  return `${UPLOAD_FOLDERS[request.flag]}/${random.toString('hex')}-${cleanFileStem(request.name)}.${IMAGE_EXTENSIONS[request.type]}`;
}

/**
 * An upload ticket for one image of the requested type, up to MAX_IMAGE_BYTES, under a new key;
 * for Config at Ecriture (the route, which serves documents too, names no area).
 */
export async function createUploadTicket(
  ctx: ServiceContext & FilesDeps,
  request: files.UploadRequest,
): Promise<files.UploadTicket> {
  requireRight(ctx.actor, 'Config', 'Ecriture');
  return ctx.storage.createUpload({ key: buildUploadKey(request), contentType: request.type, maxBytes: files.MAX_IMAGE_BYTES });
}
