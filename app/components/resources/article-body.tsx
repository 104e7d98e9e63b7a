import type { ArticleBlock } from "~/content/articles";

// "Permanent: designed to stay on..." – a short term before a colon names the item; set in bold it
// lets a reader scan the list. Longer text before a colon is a sentence and stays as written.
const leadIn = /^([^:.]{2,70}): (.+)$/s;

function ListItemText({ text }: { text: string }) {
  const match = leadIn.exec(text);
  if (!match) return text;
  return (
    <>
      <strong className="font-semibold text-navy">{match[1]}:</strong> {match[2]}
    </>
  );
}

/**
 * An article's text, set for reading: a line length near 70 characters, generous line height and
 * clear space before each heading so the sections are easy to scan.
 */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <div
      className="flex max-w-[70ch] flex-col gap-5 text-lg leading-8 text-slate-800"
      data-testid="article-body"
    >
      {blocks.map((block, index) => {
        // Blocks are fixed content that never reorders, so the position is a stable key.
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case "heading":
            return (
              <h2 key={key} className="mt-6 text-2xl leading-snug font-extrabold text-navy text-balance">
                {block.text}
              </h2>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List
                key={key}
                className={`flex flex-col gap-2 pl-6 marker:text-steel ${block.ordered ? "list-decimal marker:font-bold" : "list-disc"}`}
              >
                {block.items.map((item) => (
                  <li key={item} className="pl-1.5">
                    <ListItemText text={item} />
                  </li>
                ))}
              </List>
            );
          }
          default:
            return <p key={key}>{block.text}</p>;
        }
      })}
    </div>
  );
}
