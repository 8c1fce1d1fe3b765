/**
 * The page script: sorting and filtering of the model table, keyboard and pointer help on the
 * chart, and the cost calculator. Everything works without it except the calculator's live
 * recomputation; it only enhances what the HTML already shows.
 */
import { initCalculator } from './calculator.ts';
import { initChart } from './chart.ts';
import { initTable } from './table.ts';

for (const element of document.querySelectorAll<HTMLElement>('.js-only')) element.hidden = false;
initTable();
initChart();
void initCalculator();
