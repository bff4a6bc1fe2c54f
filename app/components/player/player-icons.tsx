/** Icons of the lesson player (24×24, stroke = currentColor), decorative: every control carries its own label. */
import { Icon as AppIcon, type IconProps } from "~/components/icons";

// The player's glyphs sit on video and small buttons: a slightly heavier stroke than the app's icons.
function Icon(props: IconProps & { children: React.ReactNode }) {
  return <AppIcon strokeWidth={1.9} {...props} />;
}

export function PlayGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        d="M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.6-6.8a.8.8 0 0 0 0-1.4L9.2 4.5A.8.8 0 0 0 8 5.2Z"
        fill="currentColor"
        stroke="none"
      />
    </Icon>
  );
}

export function PauseGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6.5" y="5" width="3.8" height="14" rx="1" fill="currentColor" stroke="none" />
      <rect x="13.7" y="5" width="3.8" height="14" rx="1" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function PreviousLineGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 5.5v13" />
      <path
        d="M18 6.2v11.6a.7.7 0 0 1-1.1.6L9.3 12.6a.7.7 0 0 1 0-1.2l7.6-5.8a.7.7 0 0 1 1.1.6Z"
        fill="currentColor"
        stroke="none"
      />
    </Icon>
  );
}

export function NextLineGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 5.5v13" />
      <path
        d="M6 6.2v11.6a.7.7 0 0 0 1.1.6l7.6-5.8a.7.7 0 0 0 0-1.2L7.1 5.6a.7.7 0 0 0-1.1.6Z"
        fill="currentColor"
        stroke="none"
      />
    </Icon>
  );
}

export function RepeatGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
      <path d="M4.5 4.5v4h4" />
    </Icon>
  );
}

export function LoopGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M17 3.5 20 6.5l-3 3" />
      <path d="M4 11.5v-1a4 4 0 0 1 4-4h12M7 20.5 4 17.5l3-3" />
      <path d="M20 12.5v1a4 4 0 0 1-4 4H4" />
    </Icon>
  );
}

export function AutoPauseGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 7h8M3.5 12h8M3.5 17h5" />
      <path d="M15 9.5v9M19.5 9.5v9" strokeWidth={2.4} />
    </Icon>
  );
}

export function CaptionsGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M10.5 10.3a2.2 2.2 0 1 0 0 3.4M17 10.3a2.2 2.2 0 1 0 0 3.4" />
    </Icon>
  );
}

export function FullscreenGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9V5.5A1.5 1.5 0 0 1 5.5 4H9M15 4h3.5A1.5 1.5 0 0 1 20 5.5V9M20 15v3.5a1.5 1.5 0 0 1-1.5 1.5H15M9 20H5.5A1.5 1.5 0 0 1 4 18.5V15" />
    </Icon>
  );
}

export function ExitFullscreenGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4v3.5A1.5 1.5 0 0 1 7.5 9H4M20 9h-3.5A1.5 1.5 0 0 1 15 7.5V4M15 20v-3.5a1.5 1.5 0 0 1 1.5-1.5H20M4 15h3.5A1.5 1.5 0 0 1 9 16.5V20" />
    </Icon>
  );
}

export function KeyboardGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="6" width="19" height="12" rx="2.5" />
      <path d="M6.5 10h.01M10 10h.01M13.5 10h.01M17 10h.01M7.5 14h9" strokeWidth={2.2} />
    </Icon>
  );
}

export function SpeedGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.2 16.5a8.5 8.5 0 1 1 15.6 0" />
      <path d="m12 13 4-4.5" />
      <circle cx="12" cy="13.5" r="1.3" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function CloseGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function CheckGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function PlusGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function LockGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </Icon>
  );
}

export function DownloadGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </Icon>
  );
}

export function FileGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8L14 3.5Z" />
      <path d="M14 3.5V8h4.5M9 13h6M9 16.5h4" />
    </Icon>
  );
}

export function ArrowGlyph(props: IconProps) {
  return (
    <Icon {...props} className={`${props.className ?? "size-5"} rtl:-scale-x-100`}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function BackArrowGlyph(props: IconProps) {
  return (
    <Icon {...props} className={`${props.className ?? "size-5"} rtl:-scale-x-100`}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icon>
  );
}

export function ChevronGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function ClockGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </Icon>
  );
}

export function PuzzleGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 4.5a2 2 0 1 1 4 0V6h3.5A1.5 1.5 0 0 1 19 7.5V11h-1.5a2 2 0 1 0 0 4H19v3.5a1.5 1.5 0 0 1-1.5 1.5H14v-1.5a2 2 0 1 0-4 0V20H6.5A1.5 1.5 0 0 1 5 18.5V15h1.5a2 2 0 1 0 0-4H5V7.5A1.5 1.5 0 0 1 6.5 6H10V4.5Z" />
    </Icon>
  );
}

export function SparkleGlyph(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 13.8 9l5.7 1.8-5.7 1.8L12 18.5l-1.8-5.9-5.7-1.8L10.2 9 12 3.5Z" />
    </Icon>
  );
}
