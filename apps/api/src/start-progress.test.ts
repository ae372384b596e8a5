import { describe, expect, it } from 'vitest';
import { startProgress } from './start-progress';

/** A clock the test moves by hand, firing the heartbeat each second as the real one would. */
function fakeClock() {
  let now = 0;
  let ticks: (() => void)[] = [];
  return {
    now: () => now,
    every: (_ms: number, tick: () => void) => {
      ticks.push(tick);
      return () => (ticks = ticks.filter((other) => other !== tick));
    },
    advance(seconds: number) {
      for (let second = 0; second < seconds; second += 1) {
        now += 1000;
        for (const tick of ticks) tick();
      }
    },
  };
}

function watch() {
  const lines: string[] = [];
  const clock = fakeClock();
  const progress = startProgress((line) => lines.push(line), clock);
  return { lines, clock, progress };
}

describe('the progress a start prints', () => {
  it('says what it does, then a line at least every 4 s while a step runs long', () => {
    const { lines, clock, progress } = watch();

    progress.begin('migrating the database (27 of 27 migrations)');
    clock.advance(9);
    progress.end('migrated the database');

    expect(lines).toEqual([
      'Locals: migrating the database (27 of 27 migrations)...',
      'Locals: migrating the database (27 of 27 migrations), 4 s',
      'Locals: migrating the database (27 of 27 migrations), 8 s',
      'Locals: migrated the database in 9 s',
    ]);
  });

  it('says nothing for a quiet step that is quick, as on a restart', () => {
    const { lines, clock, progress } = watch();

    progress.begin('opening the database', { quiet: true });
    clock.advance(3);
    progress.end();
    clock.advance(10);

    expect(lines).toEqual([]);
  });

  it('speaks up when a quiet step runs long', () => {
    const { lines, clock, progress } = watch();

    progress.begin('opening the database', { quiet: true });
    clock.advance(5);

    expect(lines).toEqual(['Locals: opening the database, 4 s']);
  });

  it('names the file, the rows so far, about how many and the time, every 2 s at most', () => {
    const { lines, clock, progress } = watch();
    const file = 'postcodes_bristol_sglos_london.csv';

    progress.begin('loading the open data');
    progress.load({ step: file, rows: 0, expectedRows: 265_033 });
    progress.load({ step: file, rows: 2_000, expectedRows: 265_033 });
    clock.advance(2);
    progress.load({ step: file, rows: 120_000, expectedRows: 265_033 });
    clock.advance(5);
    progress.load({ step: file, rows: 265_033, expectedRows: 265_033 });
    progress.load({ step: 'saving services', rows: 0, expectedRows: 5_605 });

    expect(lines).toEqual([
      'Locals: loading the open data...',
      'Locals: loading the open data: postcodes_bristol_sglos_london.csv 0 of 265,033 rows (0%), 0 s',
      'Locals: loading the open data: postcodes_bristol_sglos_london.csv 120,000 of 265,033 rows (45%), 2 s',
      'Locals: loading the open data: postcodes_bristol_sglos_london.csv 120,000 of 265,033 rows (45%), 6 s',
      'Locals: loading the open data: saving services 0 of 5,605 rows (0%), 7 s',
    ]);
  });

  it('never says 100% before a file is read, though its lines were more than its rows', () => {
    const { lines, progress } = watch();

    progress.begin('loading the open data');
    progress.load({ step: 'services_nhs_dental.csv', rows: 1_790, expectedRows: 1_791 });

    expect(lines.at(-1)).toContain('1,790 of 1,791 rows (99%)');
  });
});
