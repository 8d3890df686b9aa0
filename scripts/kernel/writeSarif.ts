import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBlock } from '../../src/engine';
import { getAccessLine } from '../../src/engine/kernel';
import { describeCheckLine, getLineLevel } from './describeCheckLine';
import type { CheckProblem, CheckRun } from './kernelChecks';

/** The one rule: a shared-memory access that takes more rounds than its ideal. */
export const BANK_CONFLICT_RULE = 'bank-conflict';

/** Where a file is, as SARIF writes it: relative to the project's root, or (outside it) a file: URI. */
function getArtifact(file: string, path: string) {
  return path.startsWith('../') || isAbsolute(path)
    ? { uri: pathToFileURL(resolve(file)).href }
    : { uri: encodeURI(path), uriBaseId: '%SRCROOT%' };
}

function getLocation(p: { file: string; path?: string; line?: number; column?: number }) {
  return {
    physicalLocation: {
      artifactLocation: getArtifact(p.file, p.path ?? p.file),
      ...(p.line ? { region: { startLine: p.line, startColumn: p.column ?? 1 } } : {}),
    },
  };
}

/** A line with no column: a line inside a called function, whose column the report does not keep. */
function getLineLocation(file: string, path: string, line: number) {
  return { physicalLocation: { artifactLocation: getArtifact(file, path), region: { startLine: line } } };
}

const writeNotification = (p: CheckProblem) => ({
  level: 'error' as const,
  message: { text: p.message },
  ...(p.file === undefined ? {} : { locations: [getLocation({ ...p, file: p.file })] }),
});

/**
 * A run as a SARIF 2.1.0 log (what GitHub code scanning reads): one result a conflicting line, with
 * its rule, level, words, region and a fingerprint that survives the line moving; bad input as the
 * invocation's error notifications.
 */
export function writeSarif(run: CheckRun) {
  const results = run.checks.flatMap((check, c) =>
    check.report.lines.flatMap((line, i) => {
      if (line.excess === 0) return [];
      const fingerprint = run.fingerprints[c][i];
      const state = run.baseline?.get(fingerprint);
      return [
        {
          ruleId: BANK_CONFLICT_RULE,
          ruleIndex: 0,
          level: getLineLevel(line, state),
          message: { text: describeCheckLine(check, line, state) },
          // A line inside a called function is where the access is; the kernel's call is related to it.
          locations: [
            line.inner === null
              ? getLocation({ file: check.file, path: check.path, line: line.line, column: line.column })
              : getLineLocation(check.file, check.path, getAccessLine(line)),
          ],
          ...(line.inner === null
            ? {}
            : {
                relatedLocations: [
                  {
                    id: 0,
                    ...getLocation({ file: check.file, path: check.path, line: line.line, column: line.column }),
                    message: { text: `the kernel's call, at line ${line.line}` },
                  },
                ],
              }),
          partialFingerprints: { 'bankCheck/v1': fingerprint },
          ...(state ? { baselineState: state === 'worse' || state === 'better' ? 'updated' : state } : {}),
          properties: {
            kernel: check.report.kernel,
            block: writeBlock(check.report.block),
            op: line.op,
            type: line.type,
            instructions: line.executions,
            rounds: line.rounds,
            ideal: line.ideal,
            excess: line.excess,
          },
        },
      ];
    }),
  );
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'bank-check',
            rules: [
              {
                id: BANK_CONFLICT_RULE,
                name: 'SharedMemoryBankConflict',
                shortDescription: {
                  text: 'A shared-memory access takes more rounds than its ideal (a bank conflict).',
                },
                fullDescription: {
                  text: 'The lanes of a warp instruction ask for different words in the same bank, so the instruction is served in more rounds (wavefronts) than its ideal. An error at twice the ideal or more, a warning below.',
                },
                help: {
                  text: 'See docs/ci.md and docs/kernels.md in the bank-conflict player for what the rounds and the ideal are.',
                },
                defaultConfiguration: { level: 'warning' },
              },
            ],
          },
        },
        invocations: [
          {
            executionSuccessful: run.problems.length === 0,
            exitCode: run.status,
            toolExecutionNotifications: run.problems.map(writeNotification),
          },
        ],
        results,
      },
    ],
  };
}
