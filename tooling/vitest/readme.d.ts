/** A runnable README example: its code, the output the README shows, and its line in the README. */
export interface ReadmeExample {
  readonly code: string;
  readonly expected: string;
  readonly line: number;
}
/** The runnable examples of a README: each ```ts block followed by a ```text block of its output. */
export function readmeExamples(readme: string): ReadmeExample[];
/** Runs one example from a package folder and returns what it printed. */
export function runReadmeExample(packageDir: string, code: string, name: string): Promise<string>;
/** Declares the README tests of the package in `packageDir`. */
export function testReadmeExamples(packageDir: string): void;
