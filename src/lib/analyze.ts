import type { Diagnostic } from './diagnostics/diagnostic.ts';
import { assess } from './gaps/assess.ts';
import type { Assessment } from './gaps/types.ts';
import { loadSpec } from './load/load-spec.ts';
import type { SpecFile } from './load/read-dir.ts';
import type { Spec } from './model/spec.ts';

/** A spec with everything the core knows about it. */
export interface Analysis {
  spec: Spec;
  diagnostics: Diagnostic[];
  assessment: Assessment;
}

/** Load, validate and assess a spec from its files. Pure: no file system, no console. */
export function analyze(files: readonly SpecFile[]): Analysis {
  const { spec, diagnostics } = loadSpec(files);
  return { spec, diagnostics, assessment: assess(spec) };
}
