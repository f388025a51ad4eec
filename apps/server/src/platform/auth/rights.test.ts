import { DEFAULT_RIGHTS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { requireRight } from './rights.js';

describe('requireRight', () => {
  const schoolAdministrator = { rights: DEFAULT_RIGHTS['Administrateur établissement'] };

  it('passes with the area at the level, Ecriture implying Lecture', () => {
    expect(() => requireRight(schoolAdministrator, 'ButtonBar_buttonBulkEdit', 'Ecriture')).not.toThrow();
    expect(() => requireRight(schoolAdministrator, 'ButtonBar_buttonBulkEdit', 'Lecture')).not.toThrow();
  });

  it('refuses with forbidden, naming the area and level, without it', () => {
    expect(() => requireRight(schoolAdministrator, 'buttonBulkEdit_bulkNotification', 'Ecriture')).toThrow(
      expect.objectContaining({ code: 'forbidden', message: 'Right buttonBulkEdit_bulkNotification at Ecriture required' }),
    );
  });
});
