import { describe, expect, it } from "vitest";
import { checkFileLink } from "~/server/webhooks/file-links.server";
import { ATTACH_UP_TO_BYTES, quoteFilesText, quoteMailFiles } from "./quote-email-files.server";

const signing = { siteUrl: "https://www.ridgeline.test", fileLinkSecret: "a-file-link-key-for-tests" };
const now = new Date("2026-11-28T15:00:00Z");
const MB = 1024 * 1024;

describe("a quote's files in the sales e-mail", () => {
  it("attaches files that come to 10 MB in all", () => {
    const files = [
      { id: 1, name: "drawing.pdf", size: 6 * MB },
      { id: 2, name: "logo.png", size: ATTACH_UP_TO_BYTES - 6 * MB },
    ];
    const { files: mailed, attachmentFileIds } = quoteMailFiles(files, signing, now);
    expect(attachmentFileIds).toEqual([1, 2]);
    expect(quoteFilesText(mailed, "America/New_York")).toEqual(["Attached files: drawing.pdf, logo.png"]);
  });

  it("above 10 MB attaches none, and links every file until the link expires, saying so", () => {
    const files = [
      { id: 7, name: "assembly.step", size: 9 * MB },
      { id: 8, name: "artwork.pdf", size: 2 * MB },
    ];
    const { files: mailed, attachmentFileIds } = quoteMailFiles(files, signing, now);
    expect(attachmentFileIds).toEqual([]);
    const text = quoteFilesText(mailed, "America/New_York");
    expect(text[0]).toBe(
      "Files: 11.0 MB in all, more than the 10.0 MB this e-mail attaches, so none is attached. Download each from its link until Sat, Dec 5, 2026, 10:00 AM EST:",
    );
    expect(text.slice(1).map((line) => line.replace(/\?.*/, ""))).toEqual([
      "- assembly.step (9.0 MB): https://www.ridgeline.test/files/7/assembly.step",
      "- artwork.pdf (2.0 MB): https://www.ridgeline.test/files/8/artwork.pdf",
    ]);
    // The links are the signed ones the file route checks.
    const url = new URL(/https:\S+/.exec(text[1] ?? "")?.[0] ?? "");
    const parts = {
      fileId: "7",
      name: "assembly.step",
      expires: url.searchParams.get("expires"),
      sig: url.searchParams.get("sig"),
    };
    expect(checkFileLink(signing.fileLinkSecret, parts, now)).toBe("ok");
    expect(checkFileLink(signing.fileLinkSecret, parts, new Date("2026-12-06T00:00:00Z"))).toBe("expired");
  });
});
