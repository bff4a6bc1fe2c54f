import { describe, expect, it } from "vitest";
import { compareHeard } from "#core/intelligibility";
import { encodeWav, readWavInfo } from "#core/wav";

describe("compareHeard", () => {
  it("folds tashkeel, hamza, alef forms and ta marbuta on both sides", () => {
    const result = compareHeard("أَهْلاً وسَهْلاً بالمدرسة!", "اهلا و سهلا بالمدرسه");
    expect(result.words.map((word) => [word.text, word.heard])).toEqual([
      ["أَهْلاً", true],
      ["وسَهْلاً", true],
      ["بالمدرسة", true],
    ]);
    expect(result).toMatchObject({ heardCount: 3, total: 3 });
  });

  it("says which words did not come through, in the line's order", () => {
    const result = compareHeard("كيفك اليوم يا صاحبي؟", "كيفك يا صاحبي");
    expect(result.words.filter((word) => !word.heard).map((word) => word.text)).toEqual(["اليوم"]);
    expect(result).toMatchObject({ heardCount: 3, total: 4 });
  });

  it("reads an Arabizi answer against an Arabizi line, and ignores bare numbers", () => {
    expect(compareHeard("kifak 2ana mni7", "keefak ana mneeh")).toMatchObject({ heardCount: 3, total: 3 });
    expect(compareHeard("٣ شاي", "شاي").total).toBe(1);
  });

  it("hears nothing in an empty transcription", () => {
    expect(compareHeard("مرحبا", "")).toMatchObject({ heardCount: 0, total: 1 });
  });
});

describe("WAV", () => {
  it("writes a mono 16-bit file the reader reads back", () => {
    const samples = new Float32Array(16_000).map((_, index) => Math.sin(index / 10) * 0.5);
    const bytes = encodeWav(samples, 16_000);
    expect(bytes.length).toBe(44 + 32_000);
    expect(readWavInfo(bytes)).toEqual({
      riff: true,
      format: 1,
      channels: 1,
      sampleRate: 16_000,
      bitsPerSample: 16,
      dataBytes: 32_000,
      seconds: 1,
    });
  });

  it("is not a WAV without its RIFF/WAVE tags", () => {
    expect(readWavInfo(new TextEncoder().encode("OggS not a wav file at all")).riff).toBe(false);
    expect(readWavInfo(new Uint8Array(3)).riff).toBe(false);
  });
});
