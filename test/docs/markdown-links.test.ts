/**
 * Every relative link in the README and docs/ points at a file that exists, and a link to a heading
 * (`#anchor`) at a heading that exists, as GitHub renders them: moving a section must not leave
 * readers at a dead link.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/core/discord/paths.js";

const root = projectRoot();
const documents = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Prose only: fenced blocks and inline code are shown as typed, not followed. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for each heading: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ""] of prose(markdown).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Relative links of a document: `[text](target)`, not web addresses or mail. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe("links in the README and docs/", () => {
  it("finds the documents and their links", () => {
    expect(documents).toContain("docs/architecture.md");
    expect(relativeLinks(readFileSync(join(root, "README.md"), "utf8")).length).toBeGreaterThan(5);
  });

  it.each(documents)("every relative link in %s resolves", (document) => {
    const path = join(root, document);
    const broken = relativeLinks(readFileSync(path, "utf8")).filter((link) => {
      const [file = "", anchor] = link.split("#");
      const target = file === "" ? path : join(dirname(path), decodeURI(file));
      if (!existsSync(target)) return true;
      if (anchor === undefined || !target.endsWith(".md")) return false;
      return !anchors(readFileSync(target, "utf8")).has(anchor);
    });
    expect(broken, `broken links in ${relative(root, path)}`).toEqual([]);
  });
});
