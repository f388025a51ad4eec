// `npm run docs`: writes the generated pages (configuration, rights) from the code.
import { writeFileSync } from 'node:fs';
import { renderRightsDoc } from '../packages/contract/src/rights-doc.js';
import { renderConfigurationDoc } from '../apps/server/src/platform/config/configuration-doc.js';

writeFileSync(new URL('../docs/configuration.md', import.meta.url), renderConfigurationDoc());
writeFileSync(new URL('../docs/rights.md', import.meta.url), renderRightsDoc());
console.log('docs/configuration.md and docs/rights.md written');
