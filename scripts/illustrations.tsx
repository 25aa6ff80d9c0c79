import { useId } from "react";
import type { ReactNode } from "react";

import { COLORS, TINTS } from "~/styles/tokens";
import { cn } from "~/utils/cn";

// Calm abstract illustrations drawn in one style: organic shapes, soft gradients and thin
// rounded line motifs, in the site palette. No text, no facial features.

type IllustrationProps = {
  /** Spanish description; without it the illustration is decorative (aria-hidden). */
  label?: string;
  className?: string;
  width?: number | string;
  height?: number | string;
};

const C = {
  paper: COLORS.paper,
  sand: COLORS.sand,
  ink: COLORS.ink,
  muted: COLORS.muted,
  sage: COLORS.primary,
  sageSoft: COLORS.primarySoft,
  sageTint: TINTS.sageTint,
  sageMid: TINTS.sageMid,
  sageDeep: TINTS.sageDeep,
  terra: COLORS.accent,
  terraMid: TINTS.terraMid,
  terraTint: TINTS.terraTint,
  terraSoft: COLORS.accentSoft,
  wheat: TINTS.wheat,
  border: COLORS.border,
} as const;

/** A per-instance prefix for gradient and clip ids (useId without its punctuation). */
function useSvgId(): string {
  return useId().replace(/[^a-zA-Z0-9_-]/g, "");
}

function Svg({
  viewWidth,
  viewHeight,
  label,
  className,
  width,
  height,
  children,
}: IllustrationProps & { viewWidth: number; viewHeight: number; children: ReactNode }) {
  const a11y = label
    ? ({ role: "img", "aria-label": label } as const)
    : ({ "aria-hidden": true } as const);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${viewWidth} ${viewHeight}`}
      width={width ?? viewWidth}
      height={height ?? viewHeight}
      className={cn("h-auto max-w-full", className)}
      focusable="false"
      {...a11y}
    >
      {children}
    </svg>
  );
}

/** A soft two-stop linear gradient. */
function Linear({
  id,
  from,
  to,
  x2 = 0,
  y2 = 1,
  fromOpacity,
}: {
  id: string;
  from: string;
  to: string;
  x2?: number;
  y2?: number;
  fromOpacity?: number;
}) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2={x2} y2={y2}>
      <stop offset="0" stopColor={from} stopOpacity={fromOpacity} />
      <stop offset="1" stopColor={to} />
    </linearGradient>
  );
}

const LEAF = "M0 0C9-8 23-9 34 0C23 9 9 8 0 0Z";

function Leaf({
  x,
  y,
  r,
  s = 1,
  fill,
}: {
  x: number;
  y: number;
  r: number;
  s?: number;
  fill: string;
}) {
  return <path d={LEAF} fill={fill} transform={`translate(${x} ${y}) rotate(${r}) scale(${s})`} />;
}

/** Head and rounded body of an abstract figure, centred on x, seated on baseY. */
function Figure({
  x,
  baseY,
  w,
  h,
  fill,
  headFill = fill,
  round = false,
}: {
  x: number;
  baseY: number;
  w: number;
  h: number;
  fill: string;
  headFill?: string;
  /** A pebble-like body with a rounded base instead of a flat one. */
  round?: boolean;
}) {
  const half = w / 2;
  const top = baseY - h;
  const base = round
    ? `M${x - half} ${baseY - h * 0.3}C${x - half} ${baseY + h * 0.05} ${x + half} ${baseY + h * 0.05} ${x + half} ${baseY - h * 0.3}Z`
    : "";
  const end = round ? baseY - h * 0.3 : baseY;
  const body = `M${x - half} ${end}C${x - half} ${top + h * 0.28} ${x - half * 0.68} ${top} ${x} ${top}C${x + half * 0.68} ${top} ${x + half} ${top + h * 0.28} ${x + half} ${end}Z${base}`;
  const r = w * 0.23;
  return (
    <g>
      <path d={body} fill={fill} />
      <circle cx={x} cy={top - r - w * 0.05} r={r} fill={headFill} />
    </g>
  );
}

export function HeroIllustration(props: IllustrationProps) {
  const id = useSvgId();
  const backdrop =
    "M92 116C146 44 262 20 362 38C464 56 532 134 532 236C532 340 468 426 350 446C234 466 102 442 50 354C6 276 40 186 92 116Z";
  return (
    <Svg viewWidth={560} viewHeight={480} {...props}>
      <defs>
        <Linear id={`${id}sky`} from={C.terraSoft} to={C.sand} />
        <Linear id={`${id}sun`} from={C.terraTint} to={C.terraSoft} x2={1} />
        <Linear id={`${id}fr`} from={C.sageDeep} to={C.sageMid} />
        <Linear id={`${id}a`} from={C.terraMid} to={C.terra} />
        <clipPath id={`${id}c`}>
          <path d={backdrop} />
        </clipPath>
      </defs>
      <path d={backdrop} fill={`url(#${id}sky)`} />
      <g clipPath={`url(#${id}c)`}>
        <circle cx="370" cy="176" r="66" fill={`url(#${id}sun)`} />
        <path d="M0 300C90 250 176 244 262 268C352 294 432 252 560 236V480H0Z" fill={C.sageTint} />
        <path
          d="M0 352C110 320 204 326 300 344C400 362 470 334 560 318V480H0Z"
          fill={C.wheat}
          fillOpacity=".75"
        />
        <g transform="rotate(4 244 410)">
          <Figure x={244} baseY={410} w={82} h={96} fill={`url(#${id}a)`} />
        </g>
        <g transform="rotate(-6 322 410)">
          <Figure x={322} baseY={410} w={86} h={112} fill={C.sage} />
        </g>
        <path
          d="M0 398C120 372 236 378 340 394C440 410 500 400 560 390V480H0Z"
          fill={`url(#${id}fr)`}
        />
        <path
          d="M318 428c22-6 44-6 66 0M346 444c16-5 32-5 48 0"
          fill="none"
          stroke={C.paper}
          strokeOpacity=".7"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </g>
      <g fill="none" strokeLinecap="round">
        <path
          d="M282 150A92 92 0 0 1 458 150"
          stroke={C.terra}
          strokeOpacity=".35"
          strokeWidth="2"
        />
        <path
          d="M118 392C120 352 130 318 156 288"
          stroke={C.sage}
          strokeOpacity=".7"
          strokeWidth="2.5"
        />
        <path d="M36 214C26 142 76 80 150 50" stroke={C.sage} strokeOpacity=".25" strokeWidth="2" />
      </g>
      <Leaf x={124} y={352} r={-120} s={1.1} fill={C.sageDeep} />
      <Leaf x={130} y={330} r={-30} fill={C.sageMid} />
      <Leaf x={144} y={302} r={-110} s={0.9} fill={C.terraTint} />
      <Leaf x={156} y={288} r={-50} s={0.8} fill={C.sageDeep} />
    </Svg>
  );
}

export type ServiceSlug =
  "terapia-individual" | "terapia-pareja" | "trabajo-grupos" | "mindfulness";

const SERVICE_TINTS: Record<ServiceSlug, readonly [string, string]> = {
  "terapia-individual": [C.sageSoft, C.sand],
  "terapia-pareja": [C.terraSoft, C.sand],
  "trabajo-grupos": [C.sand, C.sageSoft],
  mindfulness: [C.sageSoft, C.terraSoft],
};

const SERVICE_BACKDROP =
  "M58 72C98 22 208 10 290 28C362 44 394 110 382 170C368 232 290 254 200 250C110 246 38 222 22 162C12 120 30 104 58 72Z";

function ServiceIndividual({ id }: { id: string }) {
  return (
    <>
      <path d="M0 196C110 170 290 170 400 196V260H0Z" fill={C.sageTint} />
      <circle cx="200" cy="114" r="64" fill={`url(#${id}h)`} />
      <circle
        cx="200"
        cy="114"
        r="78"
        fill="none"
        stroke={C.terra}
        strokeOpacity=".3"
        strokeWidth="2"
      />
      <Figure x={200} baseY={206} w={58} h={86} fill={C.sage} />
      <path d="M0 226C110 180 290 180 400 226V260H0Z" fill="#BAD6D0" />
      <path
        d="M214 206C252 214 226 230 266 238C300 244 330 246 364 258"
        fill="none"
        stroke={C.terra}
        strokeOpacity=".5"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path
        d="M92 204C90 186 94 170 106 156"
        fill="none"
        stroke={C.sage}
        strokeWidth="2"
        strokeLinecap="round"
      />
      <Leaf x={92} y={190} r={-120} fill={C.sageDeep} />
      <Leaf x={100} y={168} r={-40} s={0.8} fill={C.terraTint} />
    </>
  );
}

function ServicePareja({ id }: { id: string }) {
  return (
    <>
      <path
        d="M100 146C92 102 120 62 166 58C210 54 238 84 238 124C238 170 204 198 162 200C126 202 106 178 100 146Z"
        fill={C.sageMid}
      />
      <path
        d="M174 110C182 72 220 56 258 68C294 80 308 120 298 156C288 192 252 208 218 198C186 188 166 148 174 110Z"
        fill={`url(#${id}h)`}
        fillOpacity=".85"
      />
      <g fill="none" strokeWidth="2.5" strokeLinecap="round">
        <path d="M80 214C124 182 158 246 200 214C242 182 276 246 320 214" stroke={C.sage} />
        <path d="M80 214C124 246 158 182 200 214C242 246 276 182 320 214" stroke={C.terra} />
      </g>
      <circle cx="80" cy="214" r="4" fill={C.sage} />
      <circle cx="320" cy="214" r="4" fill={C.terra} />
    </>
  );
}

function ServiceGrupos({ id }: { id: string }) {
  const colors = [C.sage, C.terraMid, C.sageDeep, C.wheat, C.sage, C.terraTint];
  return (
    <>
      <circle
        cx="200"
        cy="132"
        r="84"
        fill="none"
        stroke={C.sage}
        strokeOpacity=".25"
        strokeWidth="2"
      />
      <circle cx="200" cy="132" r="44" fill={`url(#${id}h)`} />
      <Leaf x={186} y={138} r={-35} s={0.95} fill={C.sageDeep} />
      {colors.map((fill, i) => {
        const deg = -90 + i * 60;
        const rad = (deg * Math.PI) / 180;
        const x = Math.round(200 + Math.cos(rad) * 84);
        const y = Math.round(132 + Math.sin(rad) * 84);
        return (
          <g key={deg} transform={`translate(${x} ${y}) rotate(${deg + 90})`}>
            <ellipse rx="25" ry="14" fill={fill} />
            <circle cy="2" r="9" fill={C.paper} fillOpacity=".35" />
          </g>
        );
      })}
    </>
  );
}

function ServiceMindfulness({ id }: { id: string }) {
  return (
    <>
      <g fill="none" stroke={C.sage} strokeWidth="2" strokeLinecap="round">
        <ellipse cx="200" cy="204" rx="100" ry="22" strokeOpacity=".35" />
        <ellipse cx="200" cy="204" rx="136" ry="32" strokeOpacity=".22" />
        <ellipse cx="200" cy="204" rx="168" ry="42" strokeOpacity=".12" />
      </g>
      <circle cx="200" cy="112" r="54" fill={`url(#${id}h)`} />
      <path
        d="M200 122C214 122 226 128 230 140C236 158 244 176 252 186C266 190 274 196 272 204C270 214 236 216 200 216C164 216 130 214 128 204C126 196 134 190 148 186C156 176 164 158 170 140C174 128 186 122 200 122Z"
        fill={C.sage}
      />
      <path
        d="M180 150C178 168 182 182 196 190M220 150C222 168 218 182 204 190"
        fill="none"
        stroke={C.sageMid}
        strokeOpacity=".5"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="200" cy="102" r="15" fill={C.sage} />
      <Leaf x={116} y={206} r={-150} fill={C.terraTint} />
      <Leaf x={284} y={206} r={-30} fill={C.terraTint} />
    </>
  );
}

const SERVICE_SCENES = {
  "terapia-individual": ServiceIndividual,
  "terapia-pareja": ServicePareja,
  "trabajo-grupos": ServiceGrupos,
  mindfulness: ServiceMindfulness,
} as const;

export function ServiceIllustration({
  service,
  ...props
}: IllustrationProps & { service: ServiceSlug }) {
  const id = useSvgId();
  const [from, to] = SERVICE_TINTS[service];
  const Scene = SERVICE_SCENES[service];
  return (
    <Svg viewWidth={400} viewHeight={260} {...props}>
      <defs>
        <Linear id={`${id}b`} from={from} to={to} x2={1} />
        <Linear id={`${id}h`} from={C.terraTint} to={C.terraSoft} x2={1} />
        <clipPath id={`${id}c`}>
          <path d={SERVICE_BACKDROP} />
        </clipPath>
      </defs>
      <path d={SERVICE_BACKDROP} fill={`url(#${id}b)`} />
      <g clipPath={`url(#${id}c)`}>
        <Scene id={id} />
      </g>
    </Svg>
  );
}

export function PortraitPlaceholder(props: IllustrationProps) {
  const id = useSvgId();
  return (
    <Svg viewWidth={480} viewHeight={560} {...props}>
      <defs>
        <Linear id={`${id}b`} from={C.sageTint} to={C.sand} />
        <Linear id={`${id}h`} from="#6B5245" to="#44362E" />
        <Linear id={`${id}s`} from="#F1D2BE" to="#E4B396" />
        <Linear id={`${id}j`} from={C.sageDeep} to={C.sage} />
      </defs>
      <rect width="480" height="560" fill={`url(#${id}b)`} />
      <circle cx="240" cy="236" r="164" fill={C.paper} fillOpacity=".45" />
      <path
        d="M428 560C418 480 428 410 460 352"
        fill="none"
        stroke={C.sage}
        strokeOpacity=".45"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <Leaf x={424} y={496} r={-150} s={1.6} fill={C.sageMid} />
      <Leaf x={428} y={440} r={-40} s={1.5} fill={C.sageDeep} />
      <Leaf x={446} y={384} r={-140} s={1.3} fill={C.terraTint} />
      <path
        d="M54 120C70 78 104 54 150 48M40 160C36 150 36 138 40 126"
        fill="none"
        stroke={C.terra}
        strokeOpacity=".3"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path
        d="M160 256C148 170 190 124 244 124C300 124 340 170 328 256C322 306 336 350 352 412C300 432 180 432 132 412C150 350 166 306 160 256Z"
        fill={`url(#${id}h)`}
      />
      <path d="M214 296H266V400H214Z" fill="#DDA78A" />
      <ellipse cx="240" cy="236" rx="58" ry="72" fill={`url(#${id}s)`} />
      <path
        d="M180 236C174 174 204 146 246 146C290 146 308 180 302 222C288 192 252 176 218 190C200 198 188 214 180 236Z"
        fill={`url(#${id}h)`}
      />
      <path d="M72 560C78 444 140 384 240 376C340 384 402 444 408 560Z" fill={`url(#${id}j)`} />
      <path d="M206 379Q240 373 274 379L240 446Z" fill={C.paper} />
      <path
        d="M200 382L230 478M280 382L250 478"
        fill="none"
        stroke={C.ink}
        strokeOpacity=".22"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </Svg>
  );
}

export function PartnerEmblem({
  variant,
  ...props
}: IllustrationProps & { variant: 0 | 1 | 2 | 3 }) {
  const id = useSvgId();
  const line = { fill: "none", strokeLinecap: "round", strokeLinejoin: "round" } as const;
  return (
    <Svg viewWidth={160} viewHeight={120} {...props}>
      <defs>
        <Linear id={`${id}g`} from={C.sageDeep} to={C.sage} x2={1} />
      </defs>
      {variant === 0 && (
        <>
          <circle cx="80" cy="60" r="46" fill={C.sageSoft} />
          <circle cx="80" cy="60" r="38" {...line} stroke={C.sage} strokeWidth="3" />
          <path
            d="M73 38h14v15h15v14H87v15H73V67H58V53h15Z"
            fill={C.sage}
            stroke={C.sage}
            strokeWidth="4"
            strokeLinejoin="round"
          />
        </>
      )}
      {variant === 1 && (
        <>
          <circle cx="80" cy="60" r="46" fill={C.sand} />
          <path d="M80 44C68 36 52 34 38 38V86C52 82 68 84 80 92Z" fill={C.terraSoft} />
          <path d="M80 44C92 36 108 34 122 38V86C108 82 92 84 80 92Z" fill={C.paper} />
          <path
            d="M80 44C68 36 52 34 38 38V86C52 82 68 84 80 92C92 84 108 82 122 86V38C108 34 92 36 80 44V92"
            {...line}
            stroke={C.terra}
            strokeWidth="3"
          />
          <path
            d="M48 52c8-2 16-1 22 2M48 64c8-2 16-1 22 2M92 54c6-3 14-4 22-2"
            {...line}
            stroke={C.terra}
            strokeOpacity=".4"
            strokeWidth="2"
          />
        </>
      )}
      {variant === 2 && (
        <>
          <circle cx="80" cy="60" r="46" fill={C.sageSoft} />
          <path d="M50 90C44 56 70 30 114 28C116 70 90 94 50 90Z" fill={`url(#${id}g)`} />
          <path d="M56 84C72 66 88 50 104 38" {...line} stroke={C.sageSoft} strokeWidth="2.5" />
        </>
      )}
      {variant === 3 && (
        <>
          <circle cx="80" cy="60" r="46" fill={C.terraSoft} />
          <Figure x={60} baseY={88} w={30} h={28} fill={C.terraTint} />
          <Figure x={100} baseY={88} w={30} h={28} fill={C.sageDeep} />
          <Figure x={80} baseY={92} w={34} h={32} fill={C.terra} />
          <path
            d="M40 94C56 102 104 102 120 94"
            {...line}
            stroke={C.terra}
            strokeOpacity=".5"
            strokeWidth="3"
          />
        </>
      )}
    </Svg>
  );
}

const BOOK_PALETTES = [
  { bg: [C.sageSoft, C.sageTint], shape: C.sage, soft: C.sageMid, warm: C.terraTint },
  { bg: [C.terraSoft, C.terraTint], shape: C.terra, soft: C.terraMid, warm: C.sageTint },
  { bg: [C.sand, C.wheat], shape: C.sage, soft: C.sageDeep, warm: C.terraTint },
] as const;

export function BookCover({
  variant,
  label,
  className,
  width,
  height,
}: IllustrationProps & { title: string; variant: 0 | 1 | 2 }) {
  const id = useSvgId();
  const p = BOOK_PALETTES[variant];
  const cover = "M0 0H230a10 10 0 0 1 10 10V330a10 10 0 0 1-10 10H0Z";
  return (
    <Svg
      viewWidth={240}
      viewHeight={340}
      label={label}
      className={className}
      width={width}
      height={height}
    >
      <defs>
        <Linear id={`${id}b`} from={p.bg[0]} to={p.bg[1]} x2={0.6} />
        <linearGradient id={`${id}s`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={C.ink} stopOpacity=".28" />
          <stop offset="1" stopColor={C.ink} stopOpacity="0" />
        </linearGradient>
        <clipPath id={`${id}c`}>
          <path d={cover} />
        </clipPath>
      </defs>
      <path d={cover} fill={`url(#${id}b)`} />
      <g clipPath={`url(#${id}c)`}>
        {variant === 0 && (
          <>
            <circle cx="162" cy="150" r="40" fill={p.warm} />
            <path
              d="M0 236C60 206 120 214 170 230C200 240 222 236 240 228V340H0Z"
              fill={p.soft}
              fillOpacity=".8"
            />
            <path d="M0 276C70 252 150 260 240 286V340H0Z" fill={p.shape} />
          </>
        )}
        {variant === 1 && (
          <>
            <circle cx="124" cy="200" r="34" fill={p.warm} />
            <g fill="none" stroke={p.shape} strokeWidth="2">
              <circle cx="124" cy="200" r="54" strokeOpacity=".5" />
              <circle cx="124" cy="200" r="76" strokeOpacity=".32" />
              <circle cx="124" cy="200" r="98" strokeOpacity=".18" />
            </g>
            <path d="M0 300C80 284 160 286 240 300V340H0Z" fill={p.soft} fillOpacity=".7" />
          </>
        )}
        {variant === 2 && (
          <>
            <path
              d="M150 130C196 118 236 150 230 200C224 250 176 272 138 256C100 240 96 144 150 130Z"
              fill={p.warm}
              fillOpacity=".8"
            />
            <path
              d="M70 330C84 270 120 220 176 184"
              fill="none"
              stroke={p.shape}
              strokeWidth="2.5"
              strokeLinecap="round"
            />
            <Leaf x={96} y={266} r={-140} s={1.5} fill={p.soft} />
            <Leaf x={112} y={238} r={-30} s={1.4} fill={p.shape} />
            <Leaf x={144} y={206} r={-130} s={1.2} fill={p.soft} />
          </>
        )}
        <path
          d="M34 58H168M34 80H128"
          stroke={p.shape}
          strokeOpacity=".55"
          strokeWidth="5"
          strokeLinecap="round"
        />
        <rect width="16" height="340" fill={`url(#${id}s)`} />
        <path d="M16 0V340" stroke={C.paper} strokeOpacity=".35" />
      </g>
    </Svg>
  );
}

/** A small decorative quotation mark; colour follows `currentColor`. */
export function QuoteMark({
  className,
  width = 48,
  height = 40,
}: Omit<IllustrationProps, "label">) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 48 40"
      width={width}
      height={height}
      className={cn("text-accent/40", className)}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 36V23C4 12 9 5 19 2l2 5c-6 3-9 7-9 13h8v16ZM28 36V23c0-11 5-18 15-21l2 5c-6 3-9 7-9 13h8v16Z"
        fill="currentColor"
      />
    </svg>
  );
}
