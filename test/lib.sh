# shellcheck shell=bash
# test/lib.sh: shell helpers shared by test/run, bench/run and the scripts
# that run inside a throwaway cluster (test/*/check).
# Source it; the PG* environment (pg_virtualenv's) says where the server is.

# as_root COMMAND...: run a command as root: directly when root, else
# through sudo (installing packages and `make install` need it)
if [ "$(id -u)" = 0 ]; then
	as_root() { "$@"; }
else
	as_root() { sudo "$@"; }
fi

# need_packages PKG...: install the Debian packages that are missing; used by
# test/run and bench/run before anything else
need_packages() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
			missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		echo "== installing: ${missing[*]}"
		as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
		as_root env DEBIAN_FRONTEND=noninteractive \
			apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
	fi
}

# q DB SQL: one value, unaligned, errors fatal
q() {
	psql -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2"
}

# fail MESSAGE: report and stop
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
