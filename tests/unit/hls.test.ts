import { describe, expect, it } from "vitest";
import {
  avcCodec,
  bitRates,
  buildMasterPlaylist,
  checkRangesCoverFile,
  chooseRenditions,
  parseMasterPlaylist,
  parseMediaPlaylist,
  PlaylistError,
  startVariant,
} from "../../core/hls";

const playlist = (lines: string[]) => ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", ...lines].join("\n");
const GOOD = playlist([
  "#EXT-X-PLAYLIST-TYPE:VOD",
  '#EXT-X-MAP:URI="360p.mp4",BYTERANGE="100@0"',
  "#EXTINF:2.000000,",
  "#EXT-X-BYTERANGE:400@100",
  "360p.mp4",
  "#EXTINF:1.5,",
  "#EXT-X-BYTERANGE:300",
  "360p.mp4",
  "#EXT-X-ENDLIST",
]);

describe("chooseRenditions (the ladder)", () => {
  it("keeps every rung no taller than the source, widths even and in its aspect", () => {
    expect(chooseRenditions({ width: 1920, height: 1080 }).map((rung) => `${rung.width}x${rung.height}`)).toEqual([
      "426x240",
      "640x360",
      "854x480",
      "1280x720",
      "1920x1080",
    ]);
    expect(chooseRenditions({ width: 640, height: 360 }).map((rung) => rung.name)).toEqual(["240p", "360p"]);
    expect(chooseRenditions({ width: 1280, height: 720 }).at(-1)).toMatchObject({ name: "720p", maxKbps: 2500 });
  });

  it("gives a source under 240 lines one rendition of its own size", () => {
    expect(chooseRenditions({ width: 320, height: 180 })).toEqual([
      { name: "180p", width: 320, height: 180, maxKbps: 400 },
    ]);
  });

  it("never spends more than the source's rate, yet keeps the rungs apart", () => {
    const rungs = chooseRenditions({ width: 640, height: 360, videoKbps: 30 });
    expect(rungs.map((rung) => rung.maxKbps)).toEqual([24, 36]);
    expect(() => chooseRenditions({ width: 0, height: 0 })).toThrow();
  });
});

describe("parseMediaPlaylist", () => {
  it("reads a single-file fMP4 VOD playlist and its ranges", () => {
    const parsed = parseMediaPlaylist(GOOD, "360p.mp4");
    expect(parsed.map).toEqual({ offset: 0, length: 100 });
    expect(parsed.segments).toEqual([
      { offset: 100, length: 400, duration: 2 },
      { offset: 500, length: 300, duration: 1.5 },
    ]);
    expect(parsed.durationSeconds).toBe(3.5);
    expect(() => checkRangesCoverFile(parsed, 800)).not.toThrow();
    expect(() => checkRangesCoverFile(parsed, 801)).toThrow(PlaylistError);
    expect(bitRates(parsed)).toEqual({ peak: 1600, average: Math.ceil((800 * 8) / 3.5) });
  });

  it.each([
    ["another file", GOOD.replace(/^360p\.mp4$/m, "../other/secret.mp4"), /every segment must be in/],
    ["an absolute URL", GOOD.replace(/^360p\.mp4$/m, "https://evil.example/x.mp4"), /every segment must be in/],
    ["no init section", GOOD.replace(/^#EXT-X-MAP.*$/m, ""), /#EXT-X-MAP/],
    ["no end", GOOD.replace("#EXT-X-ENDLIST", ""), /ENDLIST/],
    ["a live playlist", GOOD.replace("VOD", "EVENT"), /only VOD/],
    ["encryption", GOOD.replace("#EXT-X-PLAYLIST-TYPE:VOD", '#EXT-X-KEY:METHOD=AES-128,URI="k"'), /not accepted/],
    ["a segment without range", GOOD.replace("#EXT-X-BYTERANGE:300\n", ""), /needs #EXTINF and #EXT-X-BYTERANGE/],
    ["not a playlist", "hello", /#EXTM3U/],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseMediaPlaylist(text, "360p.mp4")).toThrow(message);
  });

  it("finds gaps and overlaps between ranges", () => {
    const gap = parseMediaPlaylist(
      GOOD.replace("400@100", "400@101").replace("#EXT-X-BYTERANGE:300", "#EXT-X-BYTERANGE:300@501"),
      "360p.mp4",
    );
    expect(() => checkRangesCoverFile(gap, 801)).toThrow(/starts at 101, expected 100/);
  });
});

describe("buildMasterPlaylist", () => {
  it("lists video renditions lowest first, sharing the audio group, with relative URIs", () => {
    const master = buildMasterPlaylist([
      { name: "360p", kind: "video", width: 640, height: 360, codecs: "avc1.4d001e", peak: 900_000, average: 700_000 },
      { name: "audio", kind: "audio", width: null, height: null, codecs: "mp4a.40.2", peak: 70_000, average: 64_000 },
      { name: "240p", kind: "video", width: 426, height: 240, codecs: "avc1.4d0015", peak: 400_000, average: 300_000 },
    ]);
    expect(master.split("\n")).toEqual([
      "#EXTM3U",
      "#EXT-X-VERSION:7",
      "#EXT-X-INDEPENDENT-SEGMENTS",
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Arabic",LANGUAGE="ar",DEFAULT=YES,AUTOSELECT=YES,URI="audio.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=470000,AVERAGE-BANDWIDTH=364000,RESOLUTION=426x240,CODECS="avc1.4d0015,mp4a.40.2",AUDIO="audio"',
      "240p.m3u8",
      '#EXT-X-STREAM-INF:BANDWIDTH=970000,AVERAGE-BANDWIDTH=764000,RESOLUTION=640x360,CODECS="avc1.4d001e,mp4a.40.2",AUDIO="audio"',
      "360p.m3u8",
      "",
    ]);
    expect(() => buildMasterPlaylist([])).toThrow(PlaylistError);
  });

  it("names H.264 codecs the way browsers expect", () => {
    expect(avcCodec("Main", 30)).toBe("avc1.4d001e");
    expect(avcCodec("High", 40)).toBe("avc1.640028");
  });
});

describe("parseMasterPlaylist and startVariant (where a stream starts)", () => {
  const renditions = [
    { name: "audio", kind: "audio", width: null, height: null, codecs: "mp4a.40.2", peak: 70_000, average: 64_000 },
    {
      name: "720p",
      kind: "video",
      width: 1280,
      height: 720,
      codecs: "avc1.4d001f",
      peak: 2_400_000,
      average: 1_800_000,
    },
    { name: "240p", kind: "video", width: 426, height: 240, codecs: "avc1.4d0015", peak: 380_000, average: 300_000 },
    { name: "360p", kind: "video", width: 640, height: 360, codecs: "avc1.4d001e", peak: 700_000, average: 500_000 },
  ] as const;

  it("reads back the variants, lowest first, and the shared audio of the master the Worker writes", () => {
    const master = parseMasterPlaylist(buildMasterPlaylist([...renditions]));
    expect(master).toEqual({
      variants: [
        { uri: "240p.m3u8", bandwidth: 450_000 },
        { uri: "360p.m3u8", bandwidth: 770_000 },
        { uri: "720p.m3u8", bandwidth: 2_470_000 },
      ],
      audioUri: "audio.m3u8",
    });
  });

  it("starts on the richest variant whose peak fits the estimate, else on the lightest, in any order", () => {
    const master = parseMasterPlaylist(buildMasterPlaylist([...renditions]));
    expect(master.variants[startVariant(master, 500_000)]!.uri).toBe("240p.m3u8");
    expect(master.variants[startVariant(master, 1_000_000)]!.uri).toBe("360p.m3u8");
    expect(master.variants[startVariant(master, 100_000)]!.uri).toBe("240p.m3u8");
    const reversed = { ...master, variants: [...master.variants].reverse() };
    expect(reversed.variants[startVariant(reversed, 5_000_000)]!.uri).toBe("720p.m3u8");
    expect(reversed.variants[startVariant(reversed, 10)]!.uri).toBe("240p.m3u8");
  });

  it("refuses what is not a master playlist", () => {
    expect(() => parseMasterPlaylist("not a playlist")).toThrow(PlaylistError);
    expect(() => parseMasterPlaylist("#EXTM3U\n#EXT-X-VERSION:7\n")).toThrow(/at least one variant/);
    expect(() => parseMasterPlaylist("#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1x1\n1.m3u8\n")).toThrow(/BANDWIDTH/);
  });
});
