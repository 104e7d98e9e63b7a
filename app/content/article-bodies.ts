import type { ArticleBlock } from "~/content/articles";

/**
 * The text of each tips article, keyed by slug. Only the article route's loader reads this module, so the
 * text reaches the browser in the prerendered page and its .data file, never in a JavaScript bundle that
 * the resources list or any other page loads.
 */

const p = (text: string): ArticleBlock => ({ type: "paragraph", text });
const h = (text: string): ArticleBlock => ({ type: "heading", text });
const ul = (...items: string[]): ArticleBlock => ({ type: "list", items });
const ol = (...items: string[]): ArticleBlock => ({ type: "list", items, ordered: true });

export const articleBodies: Record<string, ArticleBlock[]> = {
  "choosing-label-face-stock": [
    p(
      "A label that peels, smears or fades costs more than the label itself: rework, relabeling, mis-shipments and returned goods. Most of those failures start with the face stock, the printable top layer of the label, being chosen on price or habit instead of on the conditions the label will actually see. Before comparing materials, write down three things: what the label goes on, what it will be exposed to, and how long it has to stay readable.",
    ),
    h("Paper, polypropylene and polyester"),
    p(
      "Paper is the least expensive option and prints well with both thermal methods. It is the right call for shipping labels, carton labels, work-in-process tags and anything that stays indoors and dry and only needs to last days or weeks. Its weaknesses are moisture, abrasion and tearing. Uncoated paper absorbs water and oil; coated paper resists smudging better but still fails once it gets wet.",
    ),
    p(
      "Polypropylene, often sold as BOPP, is a film that shrugs off water and many mild cleaners and stays flexible enough for squeezable containers and gently curved surfaces. It is a common choice for product labels, food and beverage packaging, and containers that are handled often or kept chilled. It is not intended for sustained high heat and can soften or shrink when temperatures climb.",
    ),
    p(
      "Polyester, or PET, is the durable option. It resists abrasion, solvents, heat and UV far better than paper or polypropylene, and it keeps its shape, which makes it a standard material for asset tags, rating plates, equipment labels and outdoor use. It is stiffer, so it does not conform well to tight curves or flexible packaging, and it costs more. For extreme heat, such as labels on circuit boards that pass through reflow ovens, specialty films like polyimide are used instead.",
    ),
    h("Direct thermal or thermal transfer"),
    p(
      "The print method narrows the choice further. Direct thermal labels carry a heat-sensitive coating that darkens under the printhead, so no ribbon is needed. They are simple and cheap to run, but the image darkens or fades with heat, sunlight and time, and some oils and plasticizers attack the coating. They suit shipping labels and other short-life uses. Topcoated direct thermal stock adds protection against moisture and scuffing, but it does not make the label permanent.",
    ),
    p(
      "Thermal transfer printing melts ink from a ribbon onto the label. It works on paper and synthetic films and produces an image that lasts much longer. If a label must survive months of storage, outdoor exposure, chemicals or abrasion, plan on thermal transfer and match the ribbon to the face stock: wax for paper, wax-resin or resin for films.",
    ),
    h("Heat, chemicals and sunlight"),
    p(
      "Check the service temperature range on the material data sheet against the real environment, including freezers, ovens, autoclaves, hot warehouses in summer and trailers in winter. The adhesive has its own range, and both must fit. For chemical exposure, list the actual substances: water, oils, alcohol, cleaning agents, fuels or solvents. A label that survives an occasional wipe may fail after a spill or a soak. For outdoor or sunlit locations, polyester printed with a resin ribbon, or protected by an overlaminate, holds up far better than paper or direct thermal stock, which can fade quickly in direct light.",
    ),
    h("A quick selection checklist"),
    ul(
      "Surface: what material is it, and is it flat, curved, rough, flexible, oily or dusty?",
      "Environment: minimum and maximum temperature, moisture, chemicals, abrasion and sunlight.",
      "Lifespan: does the label need to stay readable for days, months or years?",
      "Print method: direct thermal for short-life labels, thermal transfer for durable ones, and which printers are already on the floor.",
      "Content: barcodes, small text or variable data that need a particular print resolution or a smooth print surface.",
      "Requirements: regulations or customer specifications that name a material or a durability test.",
      "Application: applied by hand or by an applicator, and at what temperature the label goes on.",
    ),
    p(
      "When the answers point in different directions, test before committing to a full run. Print a few labels on each candidate material, apply them to real product, and put them through the conditions they will meet. If you would like a second opinion on your shortlist, the Ridgeline team can help you compare face stocks from the Ridgeline Labels range against your application.",
    ),
  ],
  "choosing-label-adhesive": [
    p(
      "When a label fails, the adhesive usually gets the blame, and often the adhesive was simply the wrong one for the job. A pressure-sensitive adhesive has to wet out the surface, build a bond and then hold through everything that happens afterwards. Getting the choice right means looking at the surface, the temperatures involved and how long the label needs to stay put.",
    ),
    h("The main adhesive families"),
    ul(
      "Permanent: designed to stay on for the life of the label. Removal usually tears the face stock or leaves residue. The default for product, shipping and asset labels.",
      "Removable: peels off cleanly for a period of time, but may firm up as it ages on the surface. Used for temporary pricing, inventory and work-in-process labels, and on surfaces that must not be marked.",
      "Repositionable: can be lifted and reapplied shortly after application, which helps where labels are placed by hand and position matters.",
      "Freezer-grade: formulated to stay tacky at low temperatures, so it can be applied to chilled or frozen product and keep holding in cold storage.",
      "High-tack: grabs quickly and holds on rough, textured, curved or hard-to-bond surfaces such as recycled corrugate, drums, textured plastics and powder-coated metal.",
    ),
    p(
      "Chemistry matters within those families too. Rubber-based adhesives typically have high initial tack and bond well to difficult plastics, but they are less resistant to heat, UV and aging. Acrylic adhesives usually start with lower tack, build strength over time and hold up better against heat, sunlight and many chemicals.",
    ),
    h("Application temperature versus service temperature"),
    p(
      "Adhesive data sheets list two temperature figures, and they are not the same thing. The minimum application temperature is the coldest the surface and label can be while the adhesive still forms a bond. The service temperature range is what the label can tolerate once it has bonded properly.",
    ),
    p(
      "A general-purpose permanent adhesive may survive freezer storage after being applied at room temperature and allowed to set, yet fail when applied directly to a cold case coming off a freezer line. If product is labeled cold, or on an unheated dock in winter, you need an adhesive rated for that application temperature, not just that service temperature. The same logic applies at the hot end: labels applied to containers straight from a filling or sealing process need an adhesive rated for that heat.",
    ),
    h("Surface energy, texture and contamination"),
    p(
      "Adhesives bond most easily to high-surface-energy materials such as bare metal, glass and many rigid plastics. Low-surface-energy materials such as polyethylene, polypropylene and some powder coatings resist wetting, so a standard adhesive may look fine at first and then lift at the edges. These surfaces usually call for an adhesive formulated for them.",
    ),
    p(
      "Texture and contamination matter as much as chemistry. Rough corrugate, dust, mold release on molded parts, oil films on metal and condensation on cold product all keep the adhesive from making full contact. Cleaning the surface, or choosing a thicker, higher-tack adhesive that can flow into the texture, usually solves the problem more reliably than pressing harder.",
    ),
    h("Dwell time and testing on real surfaces"),
    p(
      "Pressure-sensitive adhesives do not reach full strength on contact. The bond builds as the adhesive flows into the surface, often over a day or longer, and cold slows the process. A label pulled off after a few minutes tells you little about how it will perform next week. Firm, even pressure during application, from a squeegee, roller or applicator pad, speeds up wet-out and gives more consistent results.",
    ),
    p("The most reliable way to choose is to test on real product, in real conditions:"),
    ol(
      "Apply sample labels to actual parts or packaging, not a clean test panel, using the same method as in production.",
      "Apply them at the real application temperature, including cold product or a cold dock if that is what happens on the floor.",
      "Let them dwell for at least 24 hours, then expose them to the real storage and handling conditions.",
      "Check for edge lift, flagging on curves, residue on removal, and whether the face stock tears before the bond gives way.",
      "Record the results so the chosen adhesive and face stock can be reordered as a matched combination.",
    ),
    p(
      "If your labels are lifting or your surfaces are unusual, the Ridgeline team can help narrow down adhesive options and set up a practical test.",
    ),
  ],
  "thermal-printing-ribbons-and-resolution": [
    p(
      "Most industrial label printers can print two ways, and most print quality problems trace back to a mismatch between the method, the ribbon, the label and the printer settings. Understanding how each piece works makes it much easier to buy the right supplies and keep printers running.",
    ),
    h("Direct thermal and thermal transfer"),
    p(
      "A thermal printhead is a row of tiny heating elements. In direct thermal printing, those elements heat a chemically coated label that turns dark where it is heated. There is no ribbon to buy or change, and the printer mechanism is simpler. The trade-off is durability: the image is sensitive to heat, light, friction and some chemicals, and it fades or darkens over time. Direct thermal is well suited to shipping labels, receipts, picking labels and anything else with a short life.",
    ),
    p(
      "In thermal transfer printing, the heating elements melt ink from a ribbon onto the label. The printed image is far more stable, and the method works with paper, polypropylene, polyester and other films. It is the right choice for product identification, asset tags, compliance labels and anything stored for months or exposed to handling, moisture or chemicals.",
    ),
    h("Matching the ribbon to the face stock"),
    p("Thermal transfer ribbons come in three broad types, each designed to bond with particular surfaces:"),
    ul(
      "Wax: the most economical. Prints sharply on uncoated and coated paper labels and tags, but smudges and scratches more easily. Good for shipping, carton and general warehouse labels.",
      "Wax-resin: a middle ground with better smear and scratch resistance. Works on coated papers and many synthetic films, including polypropylene. A common choice for product and retail labels.",
      "Resin: the most durable, with strong resistance to abrasion, solvents and heat. Intended for synthetic face stocks such as polyester and polyimide, and for labels that face chemicals, outdoor exposure or high temperatures.",
    ),
    p(
      "A resin ribbon on uncoated paper will not perform to its potential, and a wax ribbon on polyester can rub off under a thumbnail. Check the pairing on both data sheets, or ask your supplier to confirm it.",
    ),
    p(
      "Two physical details also matter. Ribbons are wound either ink side out or ink side in, and many printers accept only one of them, so confirm which yours uses before ordering. Choose a ribbon slightly wider than the label so the printhead never rubs directly on the label edge or exposed liner, which wears the head. Core size and ribbon length must also suit the printer.",
    ),
    h("Printhead care"),
    p(
      "The printhead is the most expensive wear part in a thermal printer, and it is also the easiest to protect. Dust, adhesive and ribbon residue build up on the heating elements and cause voids, streaks and faster wear.",
    ),
    ul(
      "Clean the printhead and platen roller with high-purity isopropyl alcohol and a lint-free swab or cleaning pen at every ribbon change, or every label roll on direct thermal printers.",
      "Let the head dry completely before closing the printer.",
      "Use the lowest darkness setting that still gives a crisp, fully dark print. Running hotter than needed shortens head life.",
      "Keep printhead pressure balanced for the label width so one side of the head does not wear faster than the other.",
      "Never use metal tools or abrasive pads on the head unless the printer maker specifies a cleaning film for the job.",
    ),
    h("Choosing 203, 300 or 600 dpi"),
    p(
      "Printhead resolution sets the size of the smallest printable dot. At 203 dpi each dot is about 0.005 inch wide, at 300 dpi about 0.0033 inch, and at 600 dpi about 0.0017 inch.",
    ),
    ul(
      "203 dpi handles shipping labels, carton labels and most linear barcodes of normal size, and is generally the least expensive option to buy and maintain.",
      "300 dpi is a good choice for small labels, small text, logos and 2D codes such as Data Matrix or QR, where finer detail improves readability.",
      "600 dpi is for very small labels, such as those on electronic components, small parts and sample tubes, where codes and text must fit into a tiny area.",
    ),
    p(
      "Higher resolution does not help a label that does not need it, and replacement heads at higher resolutions usually cost more. If you are not sure which setup fits your mix of labels, the Ridgeline Print Service Team can review your current printers and supplies with you.",
    ),
  ],
  "storing-labels-and-ribbons": [
    p(
      "Labels and ribbons are easy to treat as ordinary shelf goods: put them somewhere out of the way and pull them when needed. But a pressure-sensitive label is a layered product, with an adhesive that keeps flowing, a liner that reacts to moisture and, in the case of direct thermal stock, a coating designed to change color with heat. How rolls are stored decides whether they feed straight, print cleanly and stick when they reach the line.",
    ),
    h("Temperature and humidity"),
    p(
      "The safest storage environment is a stable, climate-controlled room at roughly normal indoor conditions, away from heaters, exterior doors, skylights and loading docks. The data sheet for each material gives its recommended range, and it is worth following.",
    ),
    p(
      "Problems show up at both extremes. Heat softens adhesives so they ooze from the roll edges, which makes labels stick together, gums up the printer and causes poor dispensing. Heat also slowly activates direct thermal coatings and greys the background. Cold stiffens the adhesive and face stock and reduces tack. High humidity can make paper labels and liners curl or swell, while very dry air makes rolls prone to static and curl in the other direction. Rapid swings are often worse than a steady condition that is slightly off target.",
    ),
    h("Keep rolls in their original packaging"),
    p(
      "The carton, bag or shrink wrap a roll ships in is part of its protection. It keeps out dust that would otherwise end up under the printhead, limits moisture exchange and shields direct thermal stock from light. Leave rolls packed until they are needed, and rewrap partial rolls before they go back on the shelf.",
    ),
    ul(
      "Store cartons off the floor on shelving or pallets, and away from outside walls that may be cold or damp.",
      "Lay label rolls flat on their sides rather than resting them on their outer wrap, which can flatten the roll and cause feeding problems.",
      "Do not stack heavy cartons on top of label stock; the pressure can squeeze adhesive out at the edges.",
      "Handle ribbons by the core, not the ribbon surface, and keep them boxed until they are loaded.",
      "Keep direct thermal stock away from sunlight, heat sources, solvents and vinyl materials that contain plasticizers.",
    ),
    h("First in, first out, and shelf life"),
    p(
      "Pressure-sensitive materials have a shelf life that runs from the date of manufacture, not the date of delivery. The adhesive continues to change over time, and direct thermal coatings keep aging even in the dark. Rolls that sit too long may not stick as well, may show edge ooze, or may print with a grey background.",
    ),
    ol(
      "Mark each carton with the date received, plus the manufacture date or lot number where it is available.",
      "Put new stock behind existing stock so the oldest material is used first.",
      "Check the stated shelf life on the data sheet, and flag material that is nearing it before it reaches the line.",
      "Size orders to what you will use within the shelf life, and ask your supplier about scheduled releases if you need safety stock.",
      "Review slow-moving label items periodically so obsolete stock does not quietly age out.",
    ),
    h("Acclimate before use"),
    p(
      "Labels moved from a cold trailer or warehouse into a warm production area can collect condensation, and cold adhesive does not wet out properly. Labels moved from a hot space can be soft and gummy. In both cases, bring the cartons into the application area while still sealed and let them reach room temperature before opening, ideally the day before they are needed. Ribbons benefit from the same treatment, since condensation and cold can affect how the ink releases onto the label.",
    ),
    p(
      "None of this costs much, and it prevents a category of problems that is otherwise hard to diagnose on the floor, where a storage issue can look like a printer fault or a bad batch. If you are not sure how a specific material should be stored, the Ridgeline team can share the data sheet and storage guidance for any item in the Ridgeline Labels range.",
    ),
  ],
  "ghs-chemical-container-labels": [
    p(
      "In the US, hazardous chemicals are labeled under OSHA's Hazard Communication Standard. Its 2012 revision, usually called HazCom 2012, aligned US requirements with the United Nations Globally Harmonized System of Classification and Labelling of Chemicals, known as GHS. OSHA updated the standard again in 2024 to align with a later GHS revision, with compliance dates phased in over several years, so confirm which requirements apply to your products. This article covers the label itself: what goes on it and how to keep it legible. Classification, and the responsibility for it, stays with the chemical manufacturer or importer.",
    ),
    h("The six required label elements"),
    p("Labels on shipped containers of hazardous chemicals must include six elements:"),
    ol(
      "Product identifier: the name or number used for the chemical, matching the one on the safety data sheet.",
      'Signal word: "Danger" for the more severe hazards or "Warning" for less severe ones. Where "Danger" applies, "Warning" is not added.',
      "Pictograms: standardized symbols for the hazard classes, shown as a black symbol on a white background inside a red diamond border.",
      'Hazard statements: standardized phrases describing the nature and degree of each hazard, such as "Causes serious eye irritation."',
      "Precautionary statements: recommended measures to prevent or minimize harm from exposure, improper storage or handling.",
      "Supplier identification: the name, address and telephone number of the chemical manufacturer, importer or other responsible party.",
    ),
    p(
      "The wording comes from the chemical's classification, not from design choices, so the label and the safety data sheet should always agree. Labels must be in English; other languages may be added alongside it.",
    ),
    h("Workplace and secondary containers"),
    p(
      "Employers have more flexibility for containers used inside the facility. A workplace label can repeat the full shipped-container information, or carry the product identifier plus words, pictures or symbols that, together with other information available to employees, convey the hazards. A portable container filled from a labeled container for the immediate use of the person who filled it does not need a label, but containers that are stored, shared or carried across shifts generally do. Workplace labels must still be legible, in English and prominently displayed.",
    ),
    h("Durability: the label must outlast the container"),
    p(
      "A label with the right content that falls off, smears or fades is still a compliance problem. Chemical labels face solvents, spills, washdown, abrasion during handling and, for drums and totes, outdoor storage. Plan around the worst realistic case:",
    ),
    ul(
      "Face stock: polypropylene or polyester films resist moisture and chemicals far better than paper.",
      "Print: thermal transfer with a resin or wax-resin ribbon matched to the film, or another print process qualified for the same exposure.",
      "Adhesive: a permanent adhesive suited to the container surface, including plastic drums and pails, which are often low-surface-energy materials.",
      "Pictograms: if you print on demand with a single-color printer, use label stock with the red diamond borders pre-printed.",
    ),
    p(
      "Shipping by sea adds another layer. The IMDG Code, which governs dangerous goods moving by sea, expects marks and labels on packages to remain identifiable after at least three months of immersion in seawater. BS 5609, a British Standard for pressure-sensitive labels on drums and similar containers, is widely used to show that a label meets this kind of durability. It evaluates the label material and adhesive together with the printed image, so the face stock, adhesive and print method have to be qualified as a combination. Changing the ribbon or printer can change whether the finished label still meets it.",
    ),
    h("Checks before you roll out a label"),
    ul(
      "Confirm the label text against the current safety data sheet for every product and revision.",
      "Check that pictograms are large enough to be clearly visible on the container sizes you use.",
      "Test labels on actual containers, with the actual chemicals, through the handling and storage they will see.",
      "For marine exports, ask your label supplier for test documentation covering the exact material, adhesive and print combination you plan to use.",
      "Keep a record of approved materials so replacements are ordered like for like.",
    ),
    p(
      "If you need help choosing label materials and ribbons for chemical containers, the Ridgeline Applications Team can walk through your containers and exposure conditions with you.",
    ),
  ],
  "troubleshooting-label-printing-problems": [
    p(
      "Most label problems on the floor fall into a handful of patterns. Working through them in order, starting with the cheapest and most likely causes, gets a line running again faster than swapping parts at random. Before you start, print the printer's configuration or test label. It shows the current settings and often reveals printhead damage straight away.",
    ),
    h("Barcodes that won't scan"),
    p("Start by looking closely at the printed code:"),
    ul(
      "Bars thin, grey or broken: darkness is too low, print speed is too high, or the ribbon does not suit the label. Raise darkness in small steps or slow the printer down.",
      "Bars thick or bleeding into the spaces: darkness is too high. Reduce it until the bars are crisp. Over-dark printing also shortens printhead life.",
      "A thin white line running through the code in the direction of feed: a failed printhead element or a spot of debris. Clean the head; if the line persists, the head is damaged.",
      "Code crowded against text or the label edge: the quiet zone is too small. Fix the label layout.",
      "Code reads on one scanner but not another: check that the symbology and data format match what the receiving system expects, and grade the code with a barcode verifier.",
    ),
    p(
      "Rotated barcodes, where the bars run across the direction of feed, are more sensitive to speed and heat than codes printed with the bars parallel to the feed. If a rotated code prints poorly, slow the printer down or turn the layout.",
    ),
    h("Voids and ribbon wrinkle"),
    p(
      "Voids are spots or streaks where nothing printed. The usual causes are dust or adhesive on the printhead, particles on the label surface, a ribbon that does not match the face stock, or worn heating elements. Clean the head and platen roller with isopropyl alcohol, check that the label stock is clean, and confirm the ribbon type. Streaks that stay in the same place after cleaning point to a damaged head.",
    ),
    p(
      "Ribbon wrinkle shows up as diagonal streaks or blank bands, usually starting on one side of the label. Check these in order:",
    ),
    ol(
      "The ribbon is loaded correctly, with the ink side facing the label.",
      "Ribbon and label widths are compatible, with the ribbon slightly wider than the label.",
      "Printhead pressure is balanced for the label width, using the printer's pressure or toggle adjustment.",
      "Darkness is not set higher than needed; excess heat can make the ribbon stick and crease.",
      "The platen roller is not worn, glazed or contaminated.",
    ),
    p(
      "If the wrinkle persists after all five checks, the printhead may be out of alignment and should be looked at by a technician.",
    ),
    h("Labels that won't stick"),
    p(
      "When labels lift, flag or fall off, look at the surface and the conditions before blaming the label. Dust, oil, mold release, condensation and cold surfaces are the most common causes. Check whether the problem began with a new batch of packaging, a change of season or a move to another line. Try applying a label to a cleaned surface at room temperature; if it holds there, the fix is surface preparation or a different adhesive, such as a freezer-grade or high-tack grade. Adhesive bond builds over time, so apply firm pressure and judge the result after a proper dwell time, not immediately.",
    ),
    h("Printer calibration and media sensing"),
    p(
      "Printers that skip labels, print across the gap, stop with a media error or drift out of registration usually need to relearn the media. This is common after a change of label size or stock:",
    ),
    ul(
      "Set the sensor type to match the media: gap, notch, black mark or continuous.",
      "Position the movable sensor over the gap or mark, not over a printed area or the edge of the label.",
      "Run the printer's media calibration routine after every media change.",
      "Confirm the label size set in the software or driver matches the physical label.",
      "Clean the media sensor; label dust and adhesive can blind it.",
    ),
    p(
      "If a problem keeps coming back after these checks, contact the Ridgeline Print Service Team with a sample label and the printer model, and we can help narrow it down.",
    ),
  ],
  "designing-scannable-barcode-labels": [
    p(
      "A barcode that scans in the design office can still fail at a dock door, on a conveyor or on a customer's receiving line. Most of those failures are designed in: a code too small for the printer, squeezed against the edge of the label, printed in the wrong colors or placed on a curve. A few rules applied when the label is laid out prevent almost all of them.",
    ),
    h("X-dimension and printer resolution"),
    p(
      "The X-dimension is the width of the narrowest bar or space in a linear barcode, or of one module in a 2D code. It sets the size of the whole symbol and how far away it can be read. Application standards, such as the GS1 specifications for retail and logistics labels, set minimum and maximum X-dimensions and bar heights, so start there if the label goes to a trading partner.",
    ),
    p(
      "On a thermal printer, the X-dimension must also be a whole number of printhead dots. At 203 dpi one dot is about 0.0049 inch, so a 2-dot module is about 0.0099 inch and a 3-dot module about 0.0148 inch. Asking for a size in between forces the printer to round some bars up and others down, which distorts the code. Create barcodes with the printer's native barcode commands or with label software that snaps to the printer's resolution, and never stretch a barcode image to fill a space.",
    ),
    h("Quiet zones, contrast and human-readable text"),
    p(
      "Scanners need a clear margin, the quiet zone, on both sides of a linear barcode to find where it starts and stops. Code 128 and GS1-128 need at least ten times the X-dimension on each side, and UPC and EAN symbols have their own minimums. 2D codes need a margin too: four modules for QR codes and one module for Data Matrix. Keep text, borders, logos and the label edge out of the quiet zone.",
    ),
    p(
      "Contrast means dark bars on a light background, and black on white is best. Most scanners use red light, so red bars look almost like the background and will not scan, while red, orange or yellow backgrounds read as light. Avoid metallic or glossy surfaces that reflect light straight back at the scanner, and never print bars over a pattern or image.",
    ),
    p(
      "Print human-readable text with every barcode so someone can key in the data if the code is damaged. It usually sits below the symbol and must match the encoded data. For GS1 barcodes, application identifiers appear in parentheses in the text, although the parentheses are not encoded.",
    ),
    h("Placement on the product"),
    ul(
      "Keep codes away from label edges, folds, seams, corners and flaps, where they can be crushed or wrapped around an edge.",
      "On small-diameter round containers, rotate the code so the bars run around the container and the scan line runs along its length, so the symbol does not curve away from the scanner.",
      "For cartons and pallets, follow your customer's or GS1's logistics label placement guidance, which calls for pallet labels on more than one side.",
      "Place codes where a handheld or fixed scanner can reach them without moving the product, and in the same position on every item.",
      "Leave enough bar height for a scanner to cross the code at an angle; very short linear codes are harder to read.",
    ),
    h("Verify, don't just scan"),
    p(
      "A scanner tells you whether that scanner can read a code today. A verifier measures print quality against ISO/IEC 15416 for linear codes or ISO/IEC 15415 for 2D codes, and grades it from A (4.0) down to F (0.0) on parameters such as symbol contrast, edge contrast, modulation, defects and decodability. Each scan is graded by its weakest parameter, which points straight at what needs fixing, whether that is print darkness, ribbon choice or the layout.",
    ),
    p(
      "Many retail and logistics specifications call for a grade of C (1.5) or better, and some customers set a higher bar. Check the grade when a new label design goes live, whenever you change label stock, ribbon or printer, and on a regular schedule after that. If you would like a second look at a label layout before it goes to print, the Ridgeline team is glad to review it with you.",
    ),
  ],
  "lowering-total-label-and-packaging-cost": [
    p(
      "Buying labels and packaging on unit price alone rarely gives the lowest cost. The real cost includes the labor to change rolls and ribbons, printer downtime, reprints, relabeling, mis-shipments, carrier charges and the cash tied up in stock that may expire before it is used. The most effective savings come from reducing complexity and waste, not from switching to the cheapest material on the quote.",
    ),
    p(
      "A useful measure is the cost per correctly applied label or shipped package rather than the price per thousand. That figure captures the reprints, scrap and downtime that a price comparison misses, and it shows where a change in material, process or ordering would actually save money.",
    ),
    h("Standardize sizes and consolidate SKUs"),
    p(
      "Over the years, many facilities collect label sizes that differ by a fraction of an inch, each with its own part number, reorder point and stock on the shelf. Every one of them adds purchasing effort, warehouse space and the risk of obsolete stock.",
    ),
    ol(
      "List every label you buy with its size, material, adhesive, core size and annual usage.",
      "Group labels that could share a size, often by adjusting a template rather than changing the product.",
      "Standardize on a small set of face stock and adhesive combinations that cover your real conditions.",
      "Align ribbon widths with the standardized label sizes so fewer ribbon SKUs are needed.",
      "Retire the leftover sizes once existing stock is used up.",
    ),
    p(
      "Fewer SKUs generally mean larger, steadier order quantities, simpler reordering and fewer line stops caused by the wrong roll being loaded. The same approach works for corrugated boxes, mailers and tape: a handful of well-chosen sizes usually covers most shipments.",
    ),
    h("Roll sizes, core sizes and right-sized materials"),
    p(
      "Every roll change is a stop. Industrial printers typically take larger rolls on 3-inch cores, while desktop printers usually take smaller rolls on 1-inch cores. Where your printers allow it, choose the largest roll diameter they can hold, and match ribbon length to label roll length so both run out together, avoiding partial rolls and double changeovers.",
    ),
    p(
      "Right-sizing works in both directions. Polyester labels and resin ribbons on a shipping label that is thrown away within a week waste money; direct thermal paper is often the better fit there and removes ribbon cost entirely. Going the other way, a paper label on a product that sits in a damp warehouse for months can cost far more in relabeling than the upgrade to a film would have. In packaging, boxes that fit the product reduce void fill, tape use and damage, and can lower dimensional weight charges from carriers.",
    ),
    h("Preventive printer maintenance"),
    p(
      "A printhead is a consumable part, but how long it lasts depends on care. Dirty heads, excessive darkness settings and ribbons narrower than the label wear heads out early, and a failing head produces unreadable barcodes that lead to chargebacks or manual handling downstream. A simple routine pays for itself:",
    ),
    ul(
      "Clean printheads and platen rollers at each ribbon change or label roll change.",
      "Set darkness and speed to the lowest settings that still give a crisp print that passes verification.",
      "Replace worn platen rollers before they damage the head or cause ribbon wrinkle.",
      "Keep a spare printhead for critical printers so a failure does not stop a line.",
      "Track head replacements by printer to spot units or settings that wear heads out.",
    ),
    h("Ordering practice"),
    p(
      "Rush orders, expedited freight and emergency substitutions are expensive and often avoidable. Use actual consumption to set reorder points, and share forecasts with your supplier so production can be planned. For high-volume items, a blanket order with scheduled releases can steady supply without filling your warehouse. Keep shelf life in mind: buying more than you can use before the material ages is not a saving. Where it makes sense, consolidate orders across labels, ribbons and packaging supplies to cut freight and receiving effort.",
    ),
    p(
      "If you want help reviewing your current label and packaging list for consolidation opportunities, the Ridgeline team can work through it with you.",
    ),
  ],
};

export function getArticleBody(slug: string): ArticleBlock[] | undefined {
  // A slug comes from the URL, and "constructor" must not find a property every object inherits.
  return Object.hasOwn(articleBodies, slug) ? articleBodies[slug] : undefined;
}
