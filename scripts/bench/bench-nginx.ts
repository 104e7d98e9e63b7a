/** nginx serving the build's client folder, for `npm run bench` to compare against. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildDir, sleep } from "./load-lib";

export function nginxVersion(): string | undefined {
  const probe = spawnSync("nginx", ["-v"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stderr.trim().replace(/^nginx version: /, "") : undefined;
}

export interface NginxServer {
  pid: number;
  stop(): Promise<void>;
}

/** One nginx master with one worker: the same single process our Node server gets. */
export async function startNginx(dir: string, port: number): Promise<NginxServer> {
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(buildDir, "client")};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child: ChildProcess = spawn("nginx", ["-c", conf, "-p", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await sleep(50);
  }
  return {
    pid: child.pid ?? 0,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
