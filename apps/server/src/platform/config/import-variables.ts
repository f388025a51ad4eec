import { z } from 'zod';

import { addressList, variable } from './env-values.js';

/** Users' imports and exports: EcoleDirecte, the schools' SFTP servers for Apple School Manager, the CSV import. */
export const IMPORT_VARIABLES = {
  // EcoleDirecte: a school's users imported from its school-life platform
  ECOLE_DIRECTE_URL: variable(
    z.url().default('https://api.ecoledirecte.com'),
    "Base URL of EcoleDirecte's API, whose school-administration calls (`/v3/admin/…`) the EcoleDirecte import fetches a school's pupils and teachers with. The API is not documented by its publisher (docs/external-formats.md §5).",
  ),
  ECOLE_DIRECTE_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(120000).default(20000),
    "Timeout of one call to EcoleDirecte's API; past it the import says EcoleDirecte is unavailable.",
  ),
  // Apple School Manager: the schools' SFTP or FTP servers
  SFTP_ALLOWED_ADDRESSES: variable(
    addressList,
    "Addresses and CIDR ranges (IPv4 or IPv6, separated by commas) of schools' SFTP or FTP servers allowed although private: by default the server refuses to connect to a loopback, private, link-local (cloud metadata included) or otherwise internal address, checked after name resolution. Unset: none allowed.",
  ),
  SFTP_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(300000).default(20000),
    "Limit of each step of a connection to a school's SFTP or FTP server (name resolution, connection, sign-in, each transfer step).",
  ),
  ASM_UPLOAD_DIRECTORY: variable(
    z.string().trim().min(1).max(200).default('dropbox'),
    "Folder of a school's server an Apple School Manager zip is written to, relative to the folder the sign-in opens (Apple's SFTP server takes files in `dropbox`), or absolute.",
  ),
  // Users: CSV import
  IMPORT_MAX_MEGABYTES: variable(
    z.coerce.number().int().min(1).max(500).default(20),
    'Largest import file accepted, in megabytes (MiB); a larger one is refused with a message saying the limit. The thread that verifies a file may use 50 MiB of memory per MiB of this limit (1 GiB at least).',
  ),
  IMPORT_MAX_LINES: variable(
    z.coerce.number().int().min(10).max(1000000).default(50000),
    'Most data lines an import file may hold; a longer one is refused with a message saying the limit.',
  ),
} as const;
