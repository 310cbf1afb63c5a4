// Tests follow the content (issue 35): an editor's change that `flightsite build --strict` and `flightsite check`
// accept (a city added, removed or renamed, another phone number) must leave `npm test` green. A test over the real
// data/ derives what it expects from data/ (support/data-files.ts); a test of behaviour uses fixtures (a whole site:
// the sample site, support/sample-site.ts, a frozen copy of data/ that editors never touch). This test
// refuses, anywhere in tests/ and infra/test/, a number literal equal to one of today's city or page counts and
// today's phone number in any form, both read from data/ now, so a test written against today's numbers fails here.
// (Counts are looked for only in the assertions of tests that read data/, as the amount expected, not a bound; the
// phone number everywhere.)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cityFiles, destinationFiles, sitePhone } from "../support/data-files";
import { loadRealSite, projectRoot } from "../support/site";

/** What a number of today's content counts, by the value (only values of 10 and more: smaller ones are everywhere). */
async function contentCounts(): Promise<Map<number, string>> {
  const cities = cityFiles().length;
  const spanish = cityFiles().filter((city) => city.spanish).length;
  const destinations = destinationFiles().length;
  const pages = (await loadRealSite()).routes.filter((route) => route.kind === "page");
  const english = pages.filter((route) => route.kind === "page" && !route.translated).length;
  const counts = new Map<number, string>();
  const note = (value: number, what: string) => value >= 10 && !counts.has(value) && counts.set(value, what);
  note(cities, "the number of city files");
  note(spanish, "the number of translated city files");
  note(cities * destinations, "the number of destination pages");
  note(cities * (1 + destinations), "the number of city and destination pages");
  note(cities + spanish, "the number of city pages, English and Spanish");
  note((cities + spanish) * destinations, "the number of destination pages, English and Spanish");
  note((cities + spanish) * (1 + destinations), "the number of city and destination pages, English and Spanish");
  note(english, "the number of English pages");
  note(pages.length - english, "the number of Spanish pages");
  note(pages.length, "the number of pages (and of share cards)");
  return counts;
}

/** Today's phone number in any of its written forms: (800) 555-0100, 800-555-0100, +18005550100… */
function phonePattern({ tel }: { tel: string }): RegExp {
  const digits = tel.replace(/\D/g, "").slice(-10);
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return new RegExp(`${area}\\D{0,2}${exchange}\\D?${line}(?!\\d)`);
}

/** The offences of one file's text: its number literals that are content counts, and the phone number. */
function offencesIn(file: string, text: string, counts: Map<number, string>, phone: RegExp): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const offences: string[] = [];
  const where = (position: number) => {
    const { line, character } = source.getLineAndCharacterOfPosition(position);
    return `${file}:${line + 1}:${character + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node) && counts.has(Number(node.text)) && inAssertion(node) && readAsCount(node, source)) {
      offences.push(`${where(node.getStart(source))} ${node.getText(source)}: is ${counts.get(Number(node.text))} of today's data/; derive it from data/ or use a fixture (a number that counts something else: pick another)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  text.split("\n").forEach((line, index) => {
    const found = phone.exec(line);
    if (found) offences.push(`${file}:${index + 1}:${found.index + 1} ${found[0]}: is the phone number of data/site.yaml; read it from there or use another in a fixture`);
  });
  return offences;
}

describe("the tests", () => {
  it("name no count of today's cities or pages and not today's phone number", async () => {
    const counts = await contentCounts();
    const phone = phonePattern(sitePhone());
    const offences = ["tests", "infra/test"].flatMap((folder) =>
      testSources(folder).flatMap((file) => {
        const text = readFileSync(path.join(projectRoot, file), "utf8");
        // Counts only where a test can see data/: a fixture's 20 may equal today's count by chance, which would make
        // this test fail on an editor's change. Today's phone number is refused everywhere: it is never a chance.
        return offencesIn(file, text, readsRealContent(file, text) ? counts : new Map(), phone);
      }),
    );
    expect(offences).toEqual([]);
  });

  it("would refuse a test that counts today's cities, or calls today's number", async () => {
    const counts = await contentCounts();
    const { display, tel } = sitePhone();
    const cities = cityFiles().length;
    // As tests/unit/content/validate.test.ts read before issue 35.
    const offender = [`expect(content.cities).toHaveLength(${cities});`, `expect(link).toBe("tel:${tel}"); // ${display}`].join("\n");
    expect(offencesIn("tests/unit/x.test.ts", offender, counts, phonePattern(sitePhone()))).toEqual([
      `tests/unit/x.test.ts:1:37 ${cities}: is the number of city files of today's data/; derive it from data/ or use a fixture (a number that counts something else: pick another)`,
      `tests/unit/x.test.ts:2:26 ${tel.slice(2)}: is the phone number of data/site.yaml; read it from there or use another in a fixture`,
    ]);
    expect(offencesIn("tests/unit/x.test.ts", `expect(pages).toHaveLength(${cities + 1000});`, counts, phonePattern(sitePhone()))).toEqual([]);
    // A number that is no expectation (20 senders of a load test) is not a count of the content, whatever it equals.
    expect(offencesIn("tests/unit/x.test.ts", `const senders = ${cities};`, counts, phonePattern(sitePhone()))).toEqual([]);
    // Nor is a bound, a byte or another call's argument that happens to equal one after an editor's change.
    for (const chance of [`expect(pages.length).toBeGreaterThan(${cities});`, `expect(title.length <= ${cities}).toBe(true);`, `expect(bytes).toEqual([0x${cities.toString(16)}]);`, `expect(id).toBe("a".repeat(${cities}));`]) {
      expect(offencesIn("tests/unit/x.test.ts", chance, counts, phonePattern(sitePhone()))).toEqual([]);
    }
    expect(offencesIn("tests/unit/x.test.ts", `expect(out).toContain(\`built \${${cities} * 3} pages\`);`, counts, phonePattern(sitePhone()))).toHaveLength(1);
    expect(readsRealContent("tests/unit/x.test.ts", 'import { loadRealSite } from "../support/site";')).toBe(true);
    expect(readsRealContent("tests/unit/x.test.ts", 'const fixture = { path: "data/cities/a.yaml", text: "" };')).toBe(true);
    expect(readsRealContent("tests/unit/x.test.ts", "expect(plan(files)).toHaveLength(20);")).toBe(false);
  });
});

// --- internal ---

/** Whether a node is inside an assertion: an expect(…) call or a matcher's arguments (.toBe(…), .toHaveLength(…)…). */
function inAssertion(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    const callee = at.expression;
    if (ts.isIdentifier(callee) && callee.text === "expect") return true;
    if (ts.isPropertyAccessExpression(callee) && /^to[A-Z]/.test(callee.name.text)) return true;
  }
  return false;
}

/**
 * Whether a literal in an assertion is read as an amount the assertion expects, not a bound (`.toBeGreaterThan(80)`,
 * `title.length <= 60`), a byte (`0x50`) or an argument of some other call (`"a".repeat(40)`). Those equal a count
 * of the content by chance, and an editor's change (a city removed) must not make them fail here (issue 35).
 */
function readAsCount(node: ts.NumericLiteral, source: ts.SourceFile): boolean {
  if (!/^\d+$/.test(node.getText(source))) return false;
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.GreaterThanEqualsToken].includes(parent.operatorToken.kind)) return false;
  if (ts.isCallExpression(parent) && parent.arguments.includes(node)) {
    const callee = parent.expression;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : "";
    return name === "expect" || (/^to[A-Z]/.test(name) && !/^to(BeGreaterThan|BeLessThan)(OrEqual)?$/.test(name));
  }
  return true;
}

/** Whether a test file reads the real data/: through the support that loads it, copies it or builds it, or by path. */
function readsRealContent(file: string, text: string): boolean {
  return file.startsWith("tests/e2e/") || /support\/(site|data-files|temp-project|serve-project|documents|rendered-site|built-site)"|projectRoot|["'`/]data\//.test(text);
}

/** Every .ts and .tsx file under a folder of the project, relative to the project. */
function testSources(folder: string): string[] {
  return (readdirSync(path.join(projectRoot, folder), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.includes("node_modules") && !name.includes("cdk.out"))
    .map((name) => path.join(folder, name));
}
