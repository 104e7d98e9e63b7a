import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";

/*
 * A YAML file of the repository read against its schema (content/routing.yaml, the catalogue's
 * families file): the data, or every mistake at once as `FILE:LINE: where: problem`, the line that of
 * the deepest node of the path that exists in the file.
 */

export type YamlFileResult<T> = { ok: true; data: T } | { ok: false; problems: string[] };

export interface YamlFileOptions {
  /** What to say of a key the schema does not know, by its parent's path (`areaOwners`); else "is not a field of this file". */
  unknownKey?: (parent: string) => string | undefined;
}

export function parseYamlFile<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  options: YamlFileOptions = {},
): YamlFileResult<z.output<S>> {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (document.errors.length > 0) {
    const problems = document.errors.map(
      (error) => `${file}:${counter.linePos(error.pos[0]).line}: ${error.message}`,
    );
    return { ok: false, problems };
  }
  const result = schema.safeParse(document.toJS() ?? {});
  if (result.success) return { ok: true, data: result.data };
  const problems = result.error.issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => {
      const at = key === undefined ? issue.path : [...issue.path, key];
      const where = at.map(String).join(".") || "file";
      const message =
        key === undefined
          ? issue.message
          : (options.unknownKey?.(issue.path.map(String).join(".")) ?? "is not a field of this file");
      return `${file}:${lineOf(document, counter, at)}: ${where}: ${message}`;
    });
  });
  return { ok: false, problems };
}

/** The line of the deepest node of `at` that the document has (1 when it has none). */
function lineOf(document: ReturnType<typeof parseDocument>, counter: LineCounter, at: PropertyKey[]): number {
  for (let length = at.length; length >= 0; length -= 1) {
    const node = document.getIn(at.slice(0, length) as unknown[], true) as {
      range?: [number, number, number];
    };
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}
