import { describe, expect, it } from "vitest";
import { recentAnswers } from "./recent-answers";

describe("recent answers", () => {
  it("answers a question asked again without asking, forgetting the least recent beyond its size", async () => {
    const recent = recentAnswers<string>(2);
    const asked: string[] = [];
    const ask = (key: string) =>
      recent.answer(key, async () => {
        asked.push(key);
        return `answer ${key}`;
      });
    expect(await ask("a")).toBe("answer a");
    expect(await ask("b")).toBe("answer b");
    expect(await ask("a")).toBe("answer a");
    await ask("c"); // forgets b, the least recently used
    await ask("a");
    await ask("b");
    expect(asked).toEqual(["a", "b", "c", "b"]);
    expect(recent.size).toBe(2);
  });

  it("does not keep a failed answer: the next asks again", async () => {
    const recent = recentAnswers<string>(5);
    let calls = 0;
    const ask = () =>
      recent.answer("q", async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
        return "found";
      });
    await expect(ask()).rejects.toThrow("database away");
    expect(await ask()).toBe("found");
    expect(calls).toBe(2);
  });
});
