# shellcheck shell=bash
# test/clusters.sh: throwaway clusters for the scripts that need several
# servers at once (test/lifecycle/*): initdb of any installed major, unix
# sockets in one fresh temporary directory, free ports, servers run as the
# postgres user when started as root, and every server stopped and the
# directory removed on any exit.  Source it after test/lib.sh, then call
# clusters_begin once.
#
#   clusters_begin NAME            $work, the traps
#   node_init NODE MAJOR [initdb options...]
#   node_start NODE [postgres options...]   (e.g. -c wal_level=logical)
#   node_stop NODE [MODE]          fast by default; immediate is a crash
#   on NODE CMD ARGS...            a client command (psql, q, pgbench) aimed
#                                  at NODE with its major's tools and libpq,
#                                  in a subshell (node_env NODE: in this one)
#   as_server MAJOR CMD ARGS...    MAJOR's CMD as the server's user
#   wait_until NODE DB SQL SECONDS until SQL answers t, else fail

declare -A node_major=() node_port=()
as=()

clusters_begin() {
	work=$(mktemp -d "/tmp/objectid-$1.XXXXXX")
	if [ "$(id -u)" = 0 ]; then
		chown postgres: "$work"
		as=(runuser -u postgres --)
	fi
	trap 'stop_nodes; rm -rf "$work"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'on_err $? $LINENO' ERR
}

# a command that fails outside the checks (psql, pg_ctl) also says FAIL,
# once: not from inside a command substitution, whose caller fails next
on_err() {
	local at="${BASH_SOURCE[1]}:$2" i
	for ((i = 2; i < ${#BASH_SOURCE[@]}; i++)); do
		at+=" < ${BASH_SOURCE[i]}:${BASH_LINENO[i - 1]}"
	done
	[ "$BASH_SUBSHELL" != 0 ] || echo "FAIL: exit status $1 at $at" >&2
}

bin() {
	echo "/usr/lib/postgresql/$1/bin"
}

as_server() {
	local v=$1 cmd=$2
	shift 2
	"${as[@]}" env LD_LIBRARY_PATH="/usr/lib/postgresql/$v/lib" "$(bin "$v")/$cmd" "$@"
}

# free_port: a TCP port nobody listens on, no socket file claims and no
# node of this script has
free_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 40000))
		[ -e "/tmp/.s.PGSQL.$p" ] && continue
		[ -n "$(ss -Hltn "sport = :$p" 2>/dev/null)" ] && continue
		case " ${node_port[*]} " in *" $p "*) continue ;; esac
		echo "$p"
		return
	done
}

node_init() {
	local node=$1 v=$2
	shift 2
	[ -x "$(bin "$v")/postgres" ] || fail "PostgreSQL $v is not installed in /usr/lib/postgresql/$v"
	node_major[$node]=$v
	node_port[$node]=$(free_port)
	as_server "$v" initdb -D "$work/$node" -U postgres -A trust --locale=C.UTF-8 -E UTF8 "$@" \
		>"$work/initdb-$node.log" 2>&1 || { cat "$work/initdb-$node.log"; fail "initdb $node ($v)"; }
}

node_start() {
	local node=$1
	shift
	as_server "${node_major[$node]}" pg_ctl -D "$work/$node" -l "$work/$node.log" -w -t 60 \
		-o "-k $work -p ${node_port[$node]} -c listen_addresses='' $*" start >/dev/null ||
		{ tail -20 "$work/$node.log"; fail "$node (PostgreSQL ${node_major[$node]}) did not start"; }
}

node_stop() {
	as_server "${node_major[$1]}" pg_ctl -D "$work/$1" -m "${2:-fast}" -w stop >/dev/null
}

stop_nodes() {
	local node
	for node in "${!node_major[@]}"; do
		if [ -f "$work/$node/postmaster.pid" ]; then
			node_stop "$node" 2>/dev/null || node_stop "$node" immediate 2>/dev/null || true
		fi
	done
}

on() {
	local node=$1
	shift
	(
		node_env "$node"
		"$@"
	)
}

# node_env NODE: this shell's client environment aims at NODE (for a
# subshell that execs a client in the background, whose $! is the client)
node_env() {
	local v=${node_major[$1]}
	PATH="$(bin "$v"):$PATH"
	export PATH LD_LIBRARY_PATH="/usr/lib/postgresql/$v/lib"
	export PGHOST="$work" PGPORT="${node_port[$1]}" PGUSER=postgres
	unset PGDATABASE PGSERVICE PGOPTIONS PGPASSWORD
}

wait_until() {
	local node=$1 db=$2 sql=$3 seconds=$4 i
	for ((i = 0; i < seconds * 10; i++)); do
		[ "$(on "$node" q "$db" "$sql")" = t ] && return 0
		sleep 0.1
	done
	fail "$node: not true after $seconds s: $sql"
}
