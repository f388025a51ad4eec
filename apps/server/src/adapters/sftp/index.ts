// Files pushed to a school's SFTP or FTP server (Apple School Manager): see file-transfer.ts.
export * from './file-transfer.js';
