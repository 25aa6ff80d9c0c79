// The files the installer writes for the operating system: the systemd units (app instances,
// daily backup, monthly restore drill), Caddy's site, journald's limits. Pure functions of the
// layout and the answers, so a re-run writes the same bytes and changes nothing.
import { NAME } from "./paths.js";

const HEADER =
  "# Escrito por «consulta instalar»: los cambios hechos a mano se pierden al volver a instalar.\n";

/** Every unit's sandbox: the system read-only, no privileges to gain, the kernel out of reach. */
const SANDBOX = `UMask=0077
NoNewPrivileges=true
CapabilityBoundingSet=
PrivateTmp=true
PrivateDevices=true
ProtectSystem=strict
ProtectHome=true
ProtectKernelTunables=true
ProtectKernelModules=true
ProtectKernelLogs=true
ProtectControlGroups=true
ProtectClock=true
ProtectHostname=true
RestrictSUIDSGID=true
RestrictRealtime=true
RestrictNamespaces=true
LockPersonality=true
SystemCallArchitectures=native
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK`;

/** @param {ReturnType<typeof import("./paths.js").layout>} l */
export function appUnit(l) {
  return `${HEADER}[Unit]
Description=Consulta de psicología (instancia en el puerto %i)
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
Type=simple
User=${NAME}
Group=${NAME}
WorkingDirectory=${l.current}
EnvironmentFile=${l.envFile}
Environment=PORT=%i
ExecStart=${l.nodeBin} server/main.js
Restart=on-failure
RestartSec=2
KillSignal=SIGTERM
TimeoutStopSec=20
${SANDBOX}
ReadWritePaths=${l.dataDir}
# Root acts on what is in estado/ (consulta actualizar) and the app only reads it; the backups' key
# is the drill's, not the app's.
ReadOnlyPaths=-${l.stateDir}
InaccessiblePaths=-${l.backupKey}
SyslogIdentifier=${NAME}-%i

[Install]
WantedBy=multi-user.target
`;
}

/** A oneshot service running `consulta <order>`, and its timer. */
function job(l, order, description, calendar) {
  const service = `${HEADER}[Unit]
Description=${description}
After=postgresql.service

[Service]
Type=oneshot
User=${NAME}
Group=${NAME}
WorkingDirectory=${l.current}
EnvironmentFile=${l.envFile}
ExecStart=${l.nodeBin} ops/cli.js ${order}
${SANDBOX}
ReadWritePaths=${l.dataDir} ${l.backupDir}
`;
  const timer = `${HEADER}[Unit]
Description=${description} (programada)

[Timer]
OnCalendar=${calendar}
RandomizedDelaySec=30min
Persistent=true

[Install]
WantedBy=timers.target
`;
  return { service, timer };
}

/**
 * Every unit file by name. The backup runs daily at night; the restore drill on the 1st of each
 * month, after that night's backup.
 */
export function units(l) {
  const backup = job(l, "copia", "Copia de seguridad cifrada de la consulta", "*-*-* 03:30:00");
  const drill = job(
    l,
    "simulacro",
    "Simulacro de restauración de la última copia",
    "*-*-01 05:00:00",
  );
  return {
    [`${NAME}@.service`]: appUnit(l),
    [`${NAME}-copia.service`]: backup.service,
    [`${NAME}-copia.timer`]: backup.timer,
    [`${NAME}-simulacro.service`]: drill.service,
    [`${NAME}-simulacro.timer`]: drill.timer,
  };
}

/**
 * Caddy in front of the instances: certificates obtained and renewed on its own (Let's Encrypt,
 * or its internal authority for a local name), HTTP → HTTPS, HSTS on every answer (the app sets
 * it on its own; `?` adds it to Caddy's own errors without doubling the app's), and the requests
 * spread over the healthy instances (a restarting one is skipped: `lb_try_duration`).
 * @param {{ domain: string, email: string, ports: number[], internalCa?: boolean, httpPort?: number, httpsPort?: number, adminAddress?: string }} site
 */
export function caddyfile(site) {
  const global = [`\temail ${site.email}`];
  if (site.internalCa) global.push("\tlocal_certs", "\tskip_install_trust");
  if (site.httpPort) global.push(`\thttp_port ${site.httpPort}`);
  if (site.httpsPort) global.push(`\thttps_port ${site.httpsPort}`);
  if (site.adminAddress) global.push(`\tadmin ${site.adminAddress}`);
  const upstreams = site.ports.map((p) => `127.0.0.1:${p}`).join(" ");
  return `${HEADER}{
${global.join("\n")}
}

${site.domain} {
	header ?Strict-Transport-Security "max-age=63072000; includeSubDomains"
	request_body {
		max_size 8MB
	}
	reverse_proxy ${upstreams} {
		lb_policy round_robin
		lb_try_duration 15s
		lb_try_interval 250ms
		health_uri /healthz
		health_interval 5s
		health_timeout 3s
		fail_duration 10s
	}
}
`;
}

/**
 * journald keeps the app's log (a line per request, without IP-bearing bodies or tokens) at most
 * a month and 500 MB: the rotation of the instances' logs.
 */
export function journaldDropIn() {
  return `${HEADER}[Journal]
SystemMaxUse=500M
MaxRetentionSec=1month
`;
}
