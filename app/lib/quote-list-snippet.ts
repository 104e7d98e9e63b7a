import { quoteListModule, siteSearchModule } from "virtual:client-modules";
import { cataloguePages } from "~/content/catalogue-pages";
import {
  QUOTE_LIST_MAX,
  QUOTE_LIST_SKU_MAX,
  QUOTE_LIST_STORAGE_KEY,
  QUOTE_QUANTITY_PARAM,
  QUOTE_SKU_PARAM,
} from "~/lib/catalogue-paths";
import { QUOTE_LIST_QUANTITY_MAX, QUOTE_LIST_STORED_MAX } from "~/lib/quote-list-entries";

/**
 * The page snippet every page carries inline (docs/decisions/0068): under 1 KB, it loads no file by
 * itself. It reads the quote list from localStorage entry by entry with parseQuoteList's rules
 * (quote-list-entries.ts: the first 200 entries, a usable sku and whole quantity, the same sku twice one
 * line, at most 50 lines), so a list edited by hand counts in the header as the list's page shows it and shows the header's "Quote list
 * (N)" when it holds items; it imports the header search's suggestions when a search field is first
 * focused (again on the next focus should that fail); and on the quote list's own page it imports the
 * code that shows the list. It leaves `ridgelineQuoteList` ({ read, count }) for the catalogue pages'
 * "Add to quote list" snippet below. A function, so that a browser bundle that leaves its text out
 * (page-snippet.tsx) leaves out this module too.
 */
export const siteSnippet = (): string =>
  `(function(w,d,K){var s;function r(){var l=[],m=new Map;try{var t=localStorage.getItem(K),v=t&&t.length<=${QUOTE_LIST_STORED_MAX}?JSON.parse(t):0;Array.isArray(v)&&v.slice(0,${QUOTE_LIST_MAX * 4}).forEach(function(e){var s=e&&e.s,x=m.get(s);if(typeof s=="string"&&s.trim()&&s.length<=${QUOTE_LIST_SKU_MAX}&&Number.isInteger(e.q)&&e.q>0&&e.q<=${QUOTE_LIST_QUANTITY_MAX})x?x.q=Math.min(x.q+e.q,${QUOTE_LIST_QUANTITY_MAX}):l.length<${QUOTE_LIST_MAX}&&m.set(s,e)&&l.push(e)})}catch(e){}return l}function c(){var n=r().length;d.querySelectorAll("[data-quote-list-link]").forEach(function(a){a.hidden=!n;a.querySelector("[data-quote-list-count]").textContent=n})}w.ridgelineQuoteList={read:r,count:c};c();d.addEventListener("focusin",function(e){var t=e.target;if(!s&&t.matches("input[data-site-search]"))s=import(${JSON.stringify(siteSearchModule)}).then(function(m){m.start()},function(){s=0})});if(d.querySelector("[data-quote-list-view]"))import(${JSON.stringify(quoteListModule)}).then(function(m){m.start()})})(window,document,${JSON.stringify(QUOTE_LIST_STORAGE_KEY)})`;

/**
 * "Add to quote list" on the catalogue's pages (docs/catalogue.md#quote-list): inline, idle until the
 * visitor presses it. Such a button is a GET form to /quote for that one item, which is what a press does
 * without JavaScript; with it, this adds the item (its name, unit and family from the form's data, for the
 * list's page) to the list in localStorage, or its quantity to an item already there, says so beside the
 * button and updates the header. Storage that refuses the write leaves the form to go on to /quote.
 */
export const quoteListSnippet = (): string =>
  `document.addEventListener("submit",function(e){var f=e.target,L=window.ridgelineQuoteList,a=f.dataset,s,q,l,x,m=${JSON.stringify(cataloguePages.item.added)};if(!L||!f.matches("form[data-quote-add]"))return;s=f.elements.${QUOTE_SKU_PARAM}.value;q=+f.elements.${QUOTE_QUANTITY_PARAM}.value||1;l=L.read();x=l.filter(function(i){return i.s==s})[0];if(x)x.q=Math.min(x.q+q,${QUOTE_LIST_QUANTITY_MAX});else if(l.length<${QUOTE_LIST_MAX})l.push({s:s,q:q,n:a.name,u:a.unit,f:a.family});else m=${JSON.stringify(cataloguePages.item.listFull(QUOTE_LIST_MAX))};try{localStorage.setItem(${JSON.stringify(QUOTE_LIST_STORAGE_KEY)},JSON.stringify(l))}catch(t){return}e.preventDefault();L.count();f.querySelector("[role=status]").textContent=m})`;
