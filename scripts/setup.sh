#!/usr/bin/env bash
# Installs what the build and the tests need, when it is missing; says nothing
# when all is there. Called by the Makefile:
#
#   scripts/setup.sh rust          rustfmt and clippy
#   scripts/setup.sh wasm          the wasm32 target, the standard library's
#                                  source (rust-src: the threaded package rebuilds
#                                  std with atomics) and wasm-bindgen-cli at the
#                                  version Cargo.lock pins
#   scripts/setup.sh chromium      Debian's chromium and chromium-headless-shell
#                                  (or only the browser $CHROMIUM names)
#   scripts/setup.sh redis         Debian's redis-server, which the Redis store's
#                                  tests start on a free loopback port and stop
#   scripts/setup.sh haproxy       Debian's haproxy, the front the tests of several
#                                  servers over Redis start (the same way) and stop
#   scripts/setup.sh ssl           Debian's libssl-dev and pkg-config: the server's
#                                  WebAuthn crate (webauthn-rs) links OpenSSL
#
# (npm dev dependencies are a file rule in the Makefile: `npm ci`.)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "setup: $*" >&2; }
die() { say "$*"; exit 1; }

need_command() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing. $2"
}

rust() {
  need_command cargo "Install Rust with rustup: https://rustup.rs"
  if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    need_command rustup "Install rustfmt and clippy for your Rust toolchain."
    say "adding rustfmt and clippy"
    rustup component add rustfmt clippy
  fi
}

# The version of a package in Cargo.lock (the first entry of that name).
locked_version() {
  awk -v name="name = \"$1\"" '$0 == name { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

wasm() {
  need_command cargo "Install Rust with rustup: https://rustup.rs"
  local libdir
  libdir=$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null || true)
  if [ -z "$libdir" ] || [ ! -d "$libdir" ]; then
    need_command rustup "Install the Rust standard library for wasm32-unknown-unknown."
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  # The top level's threaded package (the Makefile's wasm-threads) builds
  # the standard library again with atomics (-Z build-std): its source.
  if [ ! -f "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
    need_command rustup "Install the Rust standard library's source (the rust-src component)."
    say "adding the standard library's source (rust-src)"
    rustup component add rust-src
  fi
  local want have
  want=$(locked_version wasm-bindgen)
  [ -n "$want" ] || die "Cargo.lock names no wasm-bindgen version"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
  if [ "$have" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (found: ${have:-none}); this takes a couple of minutes"
    # An unoptimized build: it compiles in 2 min 13 s here against 4 min 52 s
    # optimized, writes byte-identical packages, and takes 0.5 s on the bots'
    # package against 0.1 s (docs/development.md).
    if ! cargo install wasm-bindgen-cli --version "=$want" --locked --debug --quiet; then
      say "the locked install failed; trying without --locked"
      cargo install wasm-bindgen-cli --version "=$want" --debug --quiet
    fi
    have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
    [ "$have" = "$want" ] || die "wasm-bindgen on PATH is ${have:-missing}, not $want: \
put cargo's bin folder (${CARGO_HOME:-~/.cargo}/bin) first on PATH"
  fi
}

chromium() {
  # Two of Debian's builds: the full browser (Lighthouse, screenshots, and
  # the few tests that need what only it has, such as notifications'
  # permission prompt) and the headless shell, which the other browser
  # tests run on: the same engine without the browser's UI process, in
  # about 30 % less time (docs/development.md). CHROMIUM names one browser
  # for all of them instead.
  local browser=${CHROMIUM:-/usr/bin/chromium} want=() package
  if [ -n "${CHROMIUM:-}" ]; then
    [ -x "$browser" ] && return 0
  else
    [ -x /usr/bin/chromium ] || want+=(chromium)
    [ -x /usr/bin/chromium-headless-shell ] || want+=(chromium-headless-shell)
    [ ${#want[@]} -eq 0 ] && return 0
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${CHROMIUM:-}" ]; then
    say "installing Debian's ${want[*]} for the browser tests"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${want[@]}" >/dev/null
    for package in "${want[@]}"; do
      [ -x "/usr/bin/$package" ] || die "apt-get installed $package, but /usr/bin/$package is still missing"
    done
  elif [ -z "${CHROMIUM:-}" ] && [ -x /usr/bin/chromium ]; then
    # No headless shell to be had: the full browser runs every test, slower.
    return 0
  else
    die "the browser tests need Chromium at $browser. On Debian, as root: \
apt-get install chromium chromium-headless-shell. Or set CHROMIUM=/path/to/chromium."
  fi
}

# Installs Debian's package $1 for command $2 (as root, with apt-get), then
# stops the service the package starts: the tests start their own, on free
# loopback ports, and stop them. $3 says who needs it.
debian_service() {
  local package=$1 command=$2 who=$3
  type -P "$command" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's $package for $who"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "$package" >/dev/null
    type -P "$command" >/dev/null 2>&1 || die "apt-get installed $package, but $command is not on PATH"
    if command -v systemctl >/dev/null 2>&1 && systemctl is-system-running >/dev/null 2>&1; then
      systemctl disable --now "$package" >/dev/null 2>&1 || true
    elif [ -x "/etc/init.d/$package" ]; then
      "/etc/init.d/$package" stop >/dev/null 2>&1 || true
    fi
  else
    die "$who need $command. On Debian, as root: apt-get install $package."
  fi
}

redis() { debian_service redis-server redis-server "the tests over Redis"; }

haproxy() { debian_service haproxy haproxy "the tests of several servers behind a proxy"; }

# OpenSSL's headers, found through pkg-config: openssl-sys builds against them.
ssl() {
  pkg-config --exists openssl 2>/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's libssl-dev and pkg-config for the server's passkeys (webauthn-rs)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libssl-dev pkg-config >/dev/null
    pkg-config --exists openssl || die "apt-get installed libssl-dev, but pkg-config does not find openssl"
  else
    die "the server (webauthn-rs) needs OpenSSL's headers. On Debian, as root: apt-get install libssl-dev pkg-config."
  fi
}

[ $# -gt 0 ] || die "usage: scripts/setup.sh rust|wasm|chromium|redis|haproxy|ssl ..."
for what in "$@"; do
  case $what in
    rust | wasm | chromium | redis | haproxy | ssl) "$what" ;;
    *) die "unknown part: $what" ;;
  esac
done
