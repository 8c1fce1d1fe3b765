/**
 * The site's one stylesheet and icon. Colours are custom properties with a dark set that follows
 * prefers-color-scheme; both sets meet WCAG AA (text 4.5:1, graphics 3:1) on their background.
 */

const COLOURS = `
:root{color-scheme:light dark;--fg:#1a1a1a;--fg2:#374151;--muted:#4b5563;--bg:#fff;--bg2:#f8fafc;--bg3:#f1f5f9;--line:#e5e7eb;--line2:#d1d5db;--line3:#94a3b8;--link:#0b57d0;--visited:#6b21a8;--accent:#1d4ed8;--warm:#c2410c;--bad:#b91c1c;--warn:#92400e;--est-bg:#fef3c7;--est-fg:#78350f;--est-line:#b45309;--field:#6b7280;--tip-bg:#111827;--tip-fg:#fff;--grid:#e5e7eb;--pt:#1d4ed8;--iv:#64748b;--sticky:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e5e7eb;--fg2:#d1d5db;--muted:#a3adbb;--bg:#0f1419;--bg2:#161d26;--bg3:#1e2733;--line:#2a3441;--line2:#3a4656;--line3:#5b6b80;--link:#8ab4f8;--visited:#c4a5f5;--accent:#7aa7ff;--warm:#fb923c;--bad:#f87171;--warn:#fbbf24;--est-bg:#3b2a0a;--est-fg:#fde68a;--est-line:#f59e0b;--field:#8a94a3;--tip-bg:#e5e7eb;--tip-fg:#111827;--grid:#263140;--pt:#7aa7ff;--iv:#94a3b8;--sticky:#0f1419}}
`;

const BASE = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
@media (scripting:none){.needs-js{display:none!important}}
@media (scripting:enabled){.no-js{display:none!important}}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:break-word}
a{color:var(--link)}
a:visited{color:var(--visited)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
code{font:0.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--bg3);padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg3);padding:.75em;border-radius:4px}
pre code{background:none;padding:0}
code.field-path{overflow-wrap:normal}
h1{font-size:1.75rem;line-height:1.25;margin:.5em 0 .25em}
h2{font-size:1.35rem;margin:1.6em 0 .4em;border-bottom:1px solid var(--line2);padding-bottom:.2em}
h3{font-size:1.1rem;margin:1.2em 0 .3em}
.skip{position:absolute;left:-999px;top:0;background:var(--bg);padding:.5em 1em;z-index:10}
.skip:focus{left:.5em}
header.site{display:flex;flex-wrap:wrap;align-items:center;gap:.25em 1.5em;padding:.6em 1rem;border-bottom:1px solid var(--line2);background:var(--bg2)}
.brand{font-weight:700;color:var(--fg);text-decoration:none}
header nav ul{display:flex;flex-wrap:wrap;gap:.1em 1em;list-style:none;margin:0;padding:0}
header nav a{text-decoration:none;padding:.2em 0;display:inline-block;min-height:24px}
header nav a[aria-current]{font-weight:700;color:var(--fg);border-bottom:3px solid var(--accent)}
main{max-width:1240px;margin:0 auto;padding:.5rem 1rem 2rem}
footer.site{border-top:1px solid var(--line2);padding:1em;color:var(--muted);font-size:.9rem;max-width:1240px;margin:0 auto}
.lead{font-size:1.075rem;color:var(--fg2);max-width:70ch}
.note,.hint{color:var(--muted);font-size:.9rem}
.hint{display:block}
.crumbs{font-size:.9rem;margin-top:.5em}
.data-links{font-size:.9rem;color:var(--muted)}
.count{font-weight:600;margin:.5em 0}
.empty{padding:1em;border:1px dashed var(--line3);border-radius:6px}
.button{display:inline-block;padding:.45em .9em;border:1px solid var(--accent);border-radius:4px;text-decoration:none;font-weight:600}
.scroll{overflow-x:auto;max-width:100%;margin:.5em 0}
.line{display:block}
label{font-weight:600;font-size:.9rem}
input,select,button{font:inherit;color:inherit}
input[type=search],input[type=number],input[type=text],select{padding:.35em .5em;border:1px solid var(--field);border-radius:4px;background:var(--bg);width:100%;min-height:2.4em;max-width:100%}
select{text-overflow:ellipsis}
input[type=checkbox]{width:1.25em;height:1.25em;margin:0;min-width:24px;min-height:24px}
button{padding:.4em .9em;border:1px solid var(--field);border-radius:4px;background:var(--bg);cursor:pointer;min-height:2.4em}
button:disabled{opacity:.6;cursor:default}
fieldset{border:1px solid var(--line2);border-radius:6px;padding:.5em .75em .75em;margin:0 0 .75em;display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.6em 1em;min-width:0}
legend{font-weight:700;padding:0 .3em}
details{margin:.4em 0}
summary{cursor:pointer;font-weight:600;min-height:24px}
.names{columns:2;padding-left:1.1em;margin:.3em 0}
.names li{padding:2px 0}
.facts{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.3em 1em}
.facts dt{font-weight:600}
.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
.words li{margin:.3em 0}
.status{font-weight:600}
.s-deprecated,.s-retired{color:var(--bad)}
.s-preview{color:var(--warn)}
.big{font-size:1.1rem}
.src{font-size:.85rem;overflow-wrap:anywhere;min-width:16rem}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.75em}
.cards li{border:1px solid var(--line2);border-radius:6px;padding:.6em .8em}
.method section{max-width:75ch}
.example{border-left:4px solid var(--accent);padding:.25em 1em;background:var(--bg2)}
`;

/** How many benchmark series the home table can show as columns: the stylesheet has one rule for each place. */
export const SERIES_SLOTS = 12;

/** A series' column shows while its box is ticked (the series come from the data; the rules cannot name them). */
const SERIES_RULES = `${Array.from({ length: SERIES_SLOTS }, (_, i) => `body:has(#col-bs${i}:checked) .models .bs${i}`).join(',')}{display:table-cell}`;

const TABLES = `
table{border-collapse:collapse;width:100%;font-size:.925rem}
caption{text-align:left;color:var(--fg2);padding:.3em 0;caption-side:top}
th,td{padding:.35em .5em;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{background:var(--bg3);border-bottom:2px solid var(--line3);white-space:nowrap}
tbody tr:nth-child(even){background:var(--bg2)}
td[data-v],td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.iv{color:var(--muted);font-size:.85em;white-space:nowrap}
.sc{font-weight:600}
.rk{display:block;color:var(--muted);font-size:.8em;white-space:nowrap}
.mark{position:relative;display:inline-block;font-size:.75em;font-weight:700;line-height:1.2;padding:0 .35em;border-radius:3px;vertical-align:.1em}
.est{background:var(--est-bg);color:var(--est-fg);border:1px dashed var(--est-line)}
.ind{color:var(--fg);border:1px solid var(--line2)}
.dev{color:var(--muted);border:1px dotted currentColor}
.nofit{color:var(--bad);border:1px solid var(--bad);white-space:nowrap}
.pu{font-size:.8em;color:var(--muted)}
.prov{color:var(--warn);border:1px solid var(--warn);white-space:nowrap}
.promo{color:var(--warm);border:1px solid var(--warm);white-space:nowrap}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.badge{display:inline-block;font-size:.75em;font-weight:700;padding:0 .4em;border-radius:3px;border:1px solid currentColor;vertical-align:.1em;white-space:nowrap}
th button{all:inherit;border:0;background:none;cursor:pointer;display:inline-flex;align-items:center;gap:.3em;padding:0;min-height:24px}
th button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
th button::after{content:"↕";color:var(--muted);font-size:.85em}
th[aria-sort=ascending] button::after{content:"▲";color:var(--fg)}
th[aria-sort=descending] button::after{content:"▼";color:var(--fg)}
.scroll.tall{max-height:calc(100vh - 3rem);overflow:auto}
.models thead th{position:sticky;top:0;z-index:2}
.models .c-name{position:sticky;left:0;z-index:1;background:var(--sticky);max-width:16rem;min-width:10rem}
.models tbody tr:nth-child(even) .c-name{background:var(--bg2)}
.models thead .c-name{z-index:3;background:var(--bg3)}
.models th.c-name a{overflow-wrap:anywhere}
.models .pick{vertical-align:middle;margin-right:.4em}
.models .opt{display:none}
body:has(#col-workload:checked) .models .c-workload,body:has(#col-status:checked) .models .c-status,body:has(#col-categories:checked) .models .c-categories,body:has(#col-cacheRead:checked) .models .c-cacheRead,body:has(#col-cacheWrite:checked) .models .c-cacheWrite,body:has(#col-platforms:checked) .models .c-platforms,body:has(#col-taskAttempt:checked) .models .c-taskAttempt,body:has(#col-taskSeconds:checked) .models .c-taskSeconds,body:has(#col-per100:checked) .models .c-per100,body:has(#col-speed:checked) .models .c-speed{display:table-cell}
body:not(.js-table):has(#f-all:not(:checked)) .models tr.inactive,body:not(.js-table):has(#f-all:not(:checked)) .chart .pt.inactive{display:none}
${SERIES_RULES}
.models td.c-categories{white-space:normal;min-width:9rem}
.ns{font-size:.9em;color:var(--muted)}
tr.hl{outline:2px solid var(--warm);outline-offset:-2px}
.compare th[scope=row]{width:12rem}
.compare td{min-width:10rem}
`;

const FORMS = `
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.6em 1em;align-items:end;padding:.75em;background:var(--bg2);border:1px solid var(--line2);border-radius:6px}
.field{display:flex;flex-direction:column;gap:.2em;min-width:0}
.field.wide{grid-column:span 2}
.filters .hint.row{grid-column:1/-1;margin:0}
.field.check{flex-direction:row;align-items:center;gap:.5em;min-height:2.4em}
.view{display:flex;flex-wrap:wrap;align-items:center;gap:.25em 1.5em;margin:.5em 0}
.view details{margin:0}
.view details.work[open]{flex-basis:100%}
.col-list{display:flex;flex-wrap:wrap;gap:0 1.2em}
.top3{display:none}
.compare-bar{margin:0}
.share{margin:.25em 0}
.view .share{margin:0}
.share-link{overflow-wrap:anywhere}
.compare-bar.active{position:fixed;bottom:0;left:0;right:0;z-index:5;background:var(--bg2);border-top:1px solid var(--line2);padding:.5em 1rem}
body:has(.compare-bar.active){padding-bottom:4rem}
.rm{display:inline-block;min-height:24px;font-size:.85em}
.calc fieldset .field.check{align-self:end}
.calc.compact fieldset{grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.4em .8em;margin-bottom:.4em}
.calc.compact .hint{font-size:.8rem}
.calc.compact .field.check{min-height:0;grid-column:span 2}
.calc.compact details{margin:.2em 0 .4em}
.calc.compact details fieldset{margin-top:.4em}
.sparks{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.5em 1.5em}
.sparks h3{font-size:1rem;margin:.5em 0 0}
#price-events th[scope=row],#price-events td:last-child{white-space:nowrap}
`;

const CHART = `
.chart-layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(14rem,1fr);gap:1.5em;align-items:start}
.chart-box{margin:0}
.chart-frame{position:relative}
svg.chart{width:100%;height:auto;display:block;font-size:12px}
svg.chart.narrow{display:none;font-size:11px}
.chart .grid{stroke:var(--grid)}
.chart .axis{stroke:var(--field)}
.chart .tick{fill:var(--fg2)}
.chart .label{fill:var(--fg);font-size:13px}
.chart .pl{fill:var(--fg2);font-size:11px;pointer-events:none}
.chart .fr .pl{fill:var(--fg);font-weight:600}
.chart .frontier{fill:none;stroke:var(--warm);stroke-width:2}
.chart .pt circle{stroke:var(--pt);stroke-width:1.5;fill:var(--pt);fill-opacity:.8}
.chart .pe circle{fill:var(--bg);fill-opacity:1}
.chart .fr circle{stroke:var(--warm);stroke-width:2.5}
.chart .iv{stroke:var(--iv);stroke-width:1.5}
.chart .pt{cursor:pointer}
.chart .pt:focus{outline:none}
.chart .pt:focus-visible circle,.chart .pt:hover circle,.chart .pt.on circle{stroke:var(--fg);stroke-width:3;r:7}
.k-pm{fill:var(--pt);stroke:var(--pt)}
.k-pe{fill:var(--bg);stroke:var(--pt);stroke-width:1.5}
.k-fr{fill:none;stroke:var(--warm);stroke-width:2}
.k-iv{stroke:var(--iv);stroke-width:2}
.key{white-space:nowrap;margin-right:1em;font-size:.9rem}
.tip{position:absolute;z-index:2;width:max-content;max-width:16rem;background:var(--tip-bg);color:var(--tip-fg);padding:.4em .6em;border-radius:4px;font-size:.85rem;pointer-events:none;transform:translate(-50%,calc(-100% - 12px))}
.spark{margin:.5em 0;max-width:30rem}
.price-chart{width:100%;height:auto;font-size:11px}
.price-chart .tick{fill:var(--fg2)}
.price-chart .axis{stroke:var(--field)}
.ph-in,.ph-out{fill:none;stroke-width:2}
.ph-in{stroke:var(--pt)}
.ph-out{stroke:var(--warm);stroke-dasharray:5 3}
.unscored{font-size:.9rem}
.unscored h3{margin-top:0}
`;

const NARROW = `
@media (max-width:760px){
header.site{padding:.4em 1rem}
header.site nav{min-width:0;max-width:100%}
header nav ul{flex-wrap:nowrap;overflow-x:auto;gap:.1em .9em}
header nav li{flex:none}
.top3{display:block;margin:.25em 0 .75em}
.top3 h2{font-size:1.05rem;margin:.2em 0;border:0;padding:0}
.top3 ol{margin:0;padding-left:1.4em}
.top3 li{margin:.15em 0}
.top3 .top-fig{display:block;font-size:.9rem}
.top3 .note{margin:.2em 0}
fieldset{grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr))}
.chart-layout{grid-template-columns:1fr}
svg.chart.wide{display:none}
svg.chart.narrow{display:block}
h1{font-size:1.45rem}
.names{columns:1}
.facts{grid-template-columns:1fr}
.facts dt{margin-top:.4em}
.field.wide{grid-column:auto}
.filters{grid-template-columns:1fr 1fr}
.scroll.tall{max-height:none;overflow:visible}
.models{font-size:.85rem;table-layout:fixed}
.models th:not(.ph),.models td:not(.ph){display:none!important}
.models .c-name{position:static;min-width:0;max-width:none;width:40%}
.models th,.models td{padding:.3em .25em}
.models .c-score{width:24%}
.models .c-blended,.models .c-context{width:18%}
.models thead th{white-space:normal;position:static;font-size:.8rem}
.models thead th button{display:inline}
.models thead th:not([aria-sort]) button::after{content:none}
.models .pick{width:24px;height:24px;margin:0 .3em 0 0;vertical-align:middle}
.models td[data-v]{white-space:normal}
.models .iv{display:block}
.view details.cols{display:none}
.plans-table td,.plans-table th{display:block;border:0;padding:.15em 0}
.plans-table tr{display:block;border-bottom:1px solid var(--line);padding:.4em 0}
.plans-table thead{display:none}
.plans-table td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
.compare{table-layout:fixed;font-size:.85rem}
.compare th[scope=row]{width:6.5rem}
.compare td{min-width:0;overflow-wrap:anywhere}
.compare td,.compare td *{white-space:normal}
.compare thead th{white-space:normal;overflow-wrap:anywhere}
#calc-results thead{display:none}
#calc-results tr{display:block;border-bottom:1px solid var(--line);padding:.35em 0}
#calc-results td,#calc-results th{display:inline-block;border:0;padding:.1em .8em .1em 0;text-align:left;white-space:normal}
#calc-results td:first-child,#calc-results th[scope=row]{padding-right:.3em;font-weight:700}
#calc-results td[data-label="Notes"]{display:block}
#calc-results td[data-label="Notes"]:empty{display:none}
#calc-results td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;

const CSS = `${COLOURS}${BASE}${TABLES}${FORMS}${CHART}${NARROW}`;

/** The stylesheet as every page inlines it: one line, so its hash does not depend on line endings. */
export const STYLESHEET = CSS.trim().replace(/\n/g, '');

export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M9 11l-5 5 5 5M23 11l5 5-5 5M18 8l-4 16" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;
