/** Writes docs/detectors.md from the detectors' metadata: `node --import tsx scripts/generate-detector-docs.ts`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectors } from '../src/analysis/detectors/index.ts';
import { renderDetectorDocs } from '../src/analysis/report/detector-docs.ts';

const target = fileURLToPath(new URL('../docs/detectors.md', import.meta.url));
writeFileSync(target, renderDetectorDocs(detectors.map((d) => d.meta)));
console.log(`wrote ${target} (${detectors.length} detectors)`);
