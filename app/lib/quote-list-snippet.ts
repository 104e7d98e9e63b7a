import { cataloguePages } from "~/content/catalogue-pages";
import {
  QUOTE_LIST_MAX,
  QUOTE_LIST_SKU_MAX,
  QUOTE_LIST_STORAGE_KEY,
  QUOTE_QUANTITY_PARAM,
  QUOTE_SKU_PARAM,
} from "~/lib/catalogue-paths";

/**
 * The quote list on the pages without script files (docs/catalogue.md#quote-list): inline, under 1 KB,
 * and idle until the visitor touches the list. It shows the header's link when the list holds items,
 * and turns an "Add to quote list" form (a GET to /quote that asks for that one item, which is what a
 * press does without JavaScript) into an addition to the list in localStorage. What it reads back is
 * checked entry by entry, so a list edited by hand is cut to what the quote page would accept anyway.
 */
export const QUOTE_LIST_SNIPPET = `(function(){var d=document,K=${JSON.stringify(QUOTE_LIST_STORAGE_KEY)};function r(){try{var v=JSON.parse(localStorage.getItem(K));return Array.isArray(v)?v.filter(function(e){return e&&typeof e.s=="string"&&e.s&&e.s.length<=${QUOTE_LIST_SKU_MAX}&&e.q>=1&&e.q<=1e7&&e.q%1==0}).slice(0,${QUOTE_LIST_MAX}):[]}catch(e){return[]}}function w(l){var a=d.querySelector("[data-quote-list-link]"),p=new URLSearchParams();if(!a)return;l.forEach(function(e){p.append("${QUOTE_SKU_PARAM}",e.s);p.append("${QUOTE_QUANTITY_PARAM}",e.q)});a.href="/quote?"+p;a.hidden=!l.length;a.querySelector("[data-quote-list-count]").textContent=l.length}w(r());d.addEventListener("submit",function(e){var f=e.target,s,q,l,x;if(!f.matches("form[data-quote-add]"))return;s=f.elements.${QUOTE_SKU_PARAM}.value;q=+f.elements.${QUOTE_QUANTITY_PARAM}.value||1;l=r();x=l.filter(function(i){return i.s==s})[0];if(x)x.q=Math.min(x.q+q,1e7);else if(l.length<${QUOTE_LIST_MAX})l.push({s:s,q:q});try{localStorage.setItem(K,JSON.stringify(l))}catch(t){return}e.preventDefault();w(l);f.querySelector("[role=status]").textContent=${JSON.stringify(cataloguePages.item.added)}})})()`;
