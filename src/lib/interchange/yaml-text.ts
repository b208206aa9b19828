import { Schema, stringify, type ScalarTag } from 'yaml';

/**
 * YAML 1.1's value key (`=`), which the `yaml` package's 1.1 schema leaves out: PyYAML resolves a
 * plain `=` to it and its safe loader then refuses the document.
 */
const VALUE_KEY: ScalarTag = { tag: 'tag:yaml.org,2002:value', default: true, test: /^=$/, resolve: (s) => s };

/**
 * Every tag a YAML 1.1 reader resolves a plain scalar to (booleans `yes`/`on`/`y`, `1_000`, `0o17`,
 * `017`, `1:20`, dates and timestamps, `~`, `<<`, `=`...). Exported documents are read by YAML 1.1
 * readers too (PyYAML, SnakeYAML: the code generators of Python and Java), so a string one of
 * these would take for another type is written quoted.
 */
const YAML_11 = [...new Schema({ schema: 'yaml-1.1' }).tags, VALUE_KEY];

/** A document as YAML that YAML 1.2 and YAML 1.1 readers read into the same values. */
export function yamlText(doc: unknown): string {
  return stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false, compat: YAML_11 });
}
