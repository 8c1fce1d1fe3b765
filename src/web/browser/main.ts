/**
 * The page script: sorting and filtering of the model table (the chart follows it), choosing
 * models to compare, keyboard and pointer help on the chart, the compare page, the change digest's filters and the cost
 * calculator with its month of tasks. Everything reads without it except the calculators' live recomputation and the
 * compare page's choice of models; it only enhances what the HTML already shows.
 */
import { initCalculator } from './calculator.ts';
import { initChanges } from './changes.ts';
import { initChart } from './chart.ts';
import { initCompare } from './compare.ts';
import { initPick } from './pick.ts';
import { initPrices } from './prices.ts';
import { initShare } from './share.ts';
import { initTable } from './table.ts';
import { initTaskCalculator } from './task-calculator.ts';

for (const element of document.querySelectorAll<HTMLElement>('.js-only')) element.hidden = false;
initChart();
initTable();
initPick();
initCompare();
initChanges();
initShare();
initPrices();
void initCalculator();
void initTaskCalculator();
