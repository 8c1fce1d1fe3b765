/** The site's one stylesheet and icon. Colours meet WCAG AA (text 4.5:1, graphics 3:1) on white. */

export const CSS = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1a1a;background:#fff}
a{color:#0b57d0}
a:visited{color:#6b21a8}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
code{font:0.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f3f4f6;padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}
pre{overflow-x:auto;background:#f3f4f6;padding:.75em;border-radius:4px}
pre code{background:none;padding:0}
h1{font-size:1.75rem;line-height:1.25;margin:.5em 0 .25em}
h2{font-size:1.35rem;margin:1.6em 0 .4em;border-bottom:1px solid #d1d5db;padding-bottom:.2em}
h3{font-size:1.1rem;margin:1.2em 0 .3em}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5em 1em;z-index:10}
.skip:focus{left:.5em}
header.site{display:flex;flex-wrap:wrap;align-items:center;gap:.25em 1.5em;padding:.6em 1rem;border-bottom:1px solid #d1d5db;background:#f8fafc}
.brand{font-weight:700;color:#1a1a1a;text-decoration:none}
header nav ul{display:flex;flex-wrap:wrap;gap:.1em 1em;list-style:none;margin:0;padding:0}
header nav a{text-decoration:none;padding:.2em 0;display:inline-block}
header nav a[aria-current]{font-weight:700;color:#1a1a1a;border-bottom:3px solid #1d4ed8}
main{max-width:1240px;margin:0 auto;padding:.5rem 1rem 2rem}
footer.site{border-top:1px solid #d1d5db;padding:1em;color:#4b5563;font-size:.9rem;max-width:1240px;margin:0 auto}
.lead{font-size:1.075rem;color:#374151;max-width:70ch}
.note,.hint{color:#4b5563;font-size:.9rem}
.hint{display:block}
.crumbs{font-size:.9rem;margin-top:.5em}
.data-links{font-size:.9rem;color:#4b5563}
.count{font-weight:600;margin:.5em 0}
.button{display:inline-block;padding:.45em .9em;border:1px solid #1d4ed8;border-radius:4px;text-decoration:none;font-weight:600}
.scroll{overflow-x:auto;max-width:100%;margin:.5em 0}
table{border-collapse:collapse;width:100%;font-size:.925rem}
caption{text-align:left;color:#374151;padding:.3em 0;caption-side:top}
th,td{padding:.35em .5em;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
thead th{background:#f1f5f9;border-bottom:2px solid #94a3b8;white-space:nowrap}
tbody tr:nth-child(even){background:#f8fafc}
td[data-v],td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.models th[scope=row]{white-space:nowrap}
.iv,.est{color:#4b5563;font-size:.85em}
th button{all:inherit;border:0;background:none;cursor:pointer;display:inline-flex;align-items:center;gap:.3em;padding:0;min-height:0}
th button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
th button::after{content:"↕";color:#64748b;font-size:.85em}
th[aria-sort=ascending] button::after{content:"▲";color:#1a1a1a}
th[aria-sort=descending] button::after{content:"▼";color:#1a1a1a}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.6em 1em;align-items:end;padding:.75em;background:#f8fafc;border:1px solid #d1d5db;border-radius:6px}
.field{display:flex;flex-direction:column;gap:.2em}
.field.wide{grid-column:span 2}
.field.check{flex-direction:row;align-items:center;gap:.5em;min-height:2.4em}
label{font-weight:600;font-size:.9rem}
input,select,button{font:inherit;color:inherit}
input[type=search],input[type=number],input[type=text],select{padding:.35em .5em;border:1px solid #6b7280;border-radius:4px;background:#fff;width:100%;min-height:2.4em}
input[type=checkbox]{width:1.2em;height:1.2em;margin:0}
button{padding:.4em .9em;border:1px solid #6b7280;border-radius:4px;background:#fff;cursor:pointer;min-height:2.4em}
fieldset{border:1px solid #d1d5db;border-radius:6px;padding:.5em .75em .75em;margin:0 0 .75em;display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.6em 1em}
legend{font-weight:700;padding:0 .3em}
.chart-layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(14rem,1fr);gap:1.5em;align-items:start}
.chart-box{margin:0}
.chart-frame{position:relative}
svg.chart{width:100%;height:auto;display:block;font-size:12px}
.chart .grid{stroke:#e5e7eb}
.chart .axis{stroke:#6b7280}
.chart .tick{fill:#374151}
.chart .label{fill:#1a1a1a;font-size:13px}
.chart .frontier{fill:none;stroke:#c2410c;stroke-width:2}
.chart .pt circle{stroke:#1d4ed8;stroke-width:1.5;fill:#1d4ed8;fill-opacity:.8}
.chart .pe circle{fill:#fff;fill-opacity:1}
.chart .fr circle{stroke:#c2410c;stroke-width:2.5}
.chart .iv{stroke:#64748b;stroke-width:1.5}
.chart .pt{cursor:pointer}
.chart .pt:focus{outline:none}
.chart .pt:focus-visible circle,.chart .pt:hover circle,.chart .pt.on circle{stroke:#111827;stroke-width:3;r:7}
.k-pm{fill:#1d4ed8;stroke:#1d4ed8}
.k-pe{fill:#fff;stroke:#1d4ed8;stroke-width:1.5}
.k-fr{fill:none;stroke:#c2410c;stroke-width:2}
.key{white-space:nowrap;margin-right:1em;font-size:.9rem}
.tip{position:absolute;z-index:2;width:max-content;max-width:16rem;background:#111827;color:#fff;padding:.4em .6em;border-radius:4px;font-size:.85rem;pointer-events:none;transform:translate(-50%,calc(-100% - 12px))}
.unscored{font-size:.9rem}
.unscored h3{margin-top:0}
.names{columns:2;padding-left:1.1em;margin:.3em 0}
.facts{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.3em 1em}
.facts dt{font-weight:600}
.facts dd{margin:0}
.words li{margin:.3em 0}
.status{font-weight:600}
.s-deprecated,.s-retired{color:#b91c1c}
.s-preview{color:#92400e}
.big{font-size:1.1rem}
.src{font-size:.85rem;overflow-wrap:anywhere;min-width:16rem}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.75em}
.cards li{border:1px solid #d1d5db;border-radius:6px;padding:.6em .8em}
details{margin:.4em 0}
summary{cursor:pointer;font-weight:600}
tr.hl{outline:2px solid #c2410c;outline-offset:-2px}
.calc fieldset .field.check{align-self:end}
@media (max-width:760px){
fieldset{grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr))}
.chart-layout{grid-template-columns:1fr}
h1{font-size:1.45rem}
.names{columns:1}
.facts{grid-template-columns:1fr}
.facts dt{margin-top:.4em}
}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;

export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><path d="M9 11l-5 5 5 5M23 11l5 5-5 5M18 8l-4 16" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;
