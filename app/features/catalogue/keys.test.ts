import { describe, expect, it } from "vitest";
import { partKey, sizeKey } from "./keys";

describe("the catalogue's keys", () => {
  it("matches a part number however it is written", () => {
    for (const typed of ["ZD421", "zd-421", "Zd 421", "ZD.421", "zd/421", "zd_421", " ZD - 421 "]) {
      expect(partKey(typed)).toBe("zd421");
    }
    expect(partKey("RL-DT-0406-3C")).toBe("rldt04063c");
  });

  it("writes a size in inches, width first, without trailing zeros", () => {
    expect(sizeKey(4, 6)).toBe("4x6");
    expect(sizeKey(1, 0.5)).toBe("1x0.5");
    expect(sizeKey(2.25, 1.25)).toBe("2.25x1.25");
    expect(sizeKey(2.625, 1)).toBe("2.625x1");
    expect(sizeKey(4.0001, 3.1)).toBe("4x3.1");
  });
});
