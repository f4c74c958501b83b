#!/bin/sh
# Install the companion as a kiosk on a Raspberry Pi OS (Debian) system. Run as root:
#   sudo systemd/install.sh [USER] [PREFIX]
# USER (default: the user who ran sudo) runs the app; PREFIX (default /opt/companion) holds
# a copy of this checkout and its .venv. Re-running it upgrades in place; journals and
# config live in USER's home (~/.local/share, ~/.config) and are never touched.
set -eu
[ "$(id -u)" = 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
USER_NAME=${1:-${SUDO_USER:-pi}}
PREFIX=${2:-/opt/companion}
SRC=$(cd "$(dirname "$0")/.." && pwd)

id "$USER_NAME" >/dev/null 2>&1 || { echo "no such user: $USER_NAME" >&2; exit 1; }
apt-get install -y python3 python3-venv libsdl2-2.0-0 >/dev/null
mkdir -p "$PREFIX"
if [ "$SRC" != "$PREFIX" ]; then
    tar -C "$SRC" --exclude=.venv --exclude=.git -cf - . | tar -C "$PREFIX" -xf -
fi
chown -R "$USER_NAME" "$PREFIX"
su "$USER_NAME" -c "cd '$PREFIX' && python3 -m venv .venv && .venv/bin/pip install --quiet ."
sed -e "s|@USER@|$USER_NAME|g" -e "s|@PREFIX@|$PREFIX|g" \
    "$SRC/systemd/companion.service" > /etc/systemd/system/companion.service
systemctl daemon-reload
systemctl enable companion.service
echo "Installed. Start now with: systemctl start companion   (logs: journalctl -u companion)"
