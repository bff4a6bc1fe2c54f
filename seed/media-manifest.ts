import { z } from "zod";

/** The shape of seed/media/manifest.json, written by scripts/make-demo-media.ts. */
export const demoMediaManifestSchema = z.object({
  videos: z.record(
    z.string(),
    z.object({
      key: z.string(),
      thumbnailKey: z.string(),
      contentType: z.string(),
      thumbnailContentType: z.string(),
      durationMs: z.number(),
      bytes: z.number(),
      thumbnailBytes: z.number(),
    }),
  ),
  audio: z.record(z.string(), z.object({ key: z.string(), contentType: z.string(), bytes: z.number() })),
  attachments: z.record(
    z.string(),
    z.object({ key: z.string(), title: z.string(), contentType: z.string(), bytes: z.number() }),
  ),
});

export type DemoMediaManifest = z.infer<typeof demoMediaManifestSchema>;

/** Every R2 object the manifest names, with its content type. */
export function manifestObjects(manifest: DemoMediaManifest) {
  return [
    ...Object.values(manifest.videos).flatMap((video) => [
      { key: video.key, contentType: video.contentType, bytes: video.bytes },
      { key: video.thumbnailKey, contentType: video.thumbnailContentType, bytes: video.thumbnailBytes },
    ]),
    ...Object.values(manifest.audio).map(({ key, contentType, bytes }) => ({ key, contentType, bytes })),
    ...Object.values(manifest.attachments).map(({ key, contentType, bytes }) => ({ key, contentType, bytes })),
  ];
}
