#!/usr/bin/env bash
# local-cluster.sh -- start/stop a throw-away single-node Slurm cluster.
#
#   local-cluster.sh start DIR   # prints "export SLURM_CONF=DIR/slurm.conf" (last stdout line)
#   local-cluster.sh stop  DIR   # stops only the daemons recorded under DIR
#   local-cluster.sh status DIR  # exit 0 iff all three recorded daemons are alive
#
#   eval "$(deploy/slurm/local-cluster.sh start /tmp/slurm-xyz)" && sbatch ...
#
# Target: Debian 12, Slurm 22.05 (`slurm-wlm`) + `munge`, run as root, e.g. in a
# container without systemd.  Install those packages beforehand; this script
# never installs anything.  Everything (munge key/socket, config, state, spool,
# logs, pid files) lives under DIR; /etc/munge and /etc/slurm are not touched.
# All diagnostics go to stderr; stdout only carries the final export line.
#
# Environment overrides:
#   LOCAL_SLURM_CTLD_PORT / LOCAL_SLURM_D_PORT   fixed ports (default: first free
#                                  pair 16817/16818, 16819/16820, ...)
#   LOCAL_SLURM_CPUS               CPUs of the node        (default: nproc)
#   LOCAL_SLURM_MEM_MB             RealMemory in MB        (default: 95% of MemTotal)
#   LOCAL_SLURM_MAX_ARRAY_SIZE     MaxArraySize            (default: 100001)
#   LOCAL_SLURM_MAX_JOB_COUNT      MaxJobCount             (default: 200000)
#   LOCAL_SLURM_START_TIMEOUT      seconds to wait for the node to be idle (60)
#   LOCAL_SLURM_STOP_TIMEOUT       seconds to wait per daemon before SIGKILL (20)
#
# Why the non-obvious slurm.conf settings are there:
#   SlurmUser=root, SlurmdUser=root   we run as root; no 'slurm' account needed.
#   SlurmctldHost=H(127.0.0.1), NodeAddr=127.0.0.1
#                       container host names often do not resolve (or resolve
#                       to an unreachable address); loopback always works.
#   AuthInfo=socket=DIR/munge/munge.socket.2 (auth/munge and cred/munge both
#                       read it)   use our private munged, not /run/munge.
#   ProctrackType=proctrack/linuxproc, TaskPlugin=task/none,
#   JobAcctGatherType=jobacct_gather/none
#                       none of them needs cgroups or systemd (the default
#                       proctrack/cgroup and task/cgroup need a writable,
#                       delegated cgroup tree, which a container lacks).  With
#                       these plugins slurmd never reads cgroup.conf, so none
#                       is written.  Processes are tracked by parent pid only.
#   SelectType=select/cons_tres + CR_CPU   schedule individual CPUs, so
#                       several array tasks share the node; memory is not a
#                       consumable resource (no --mem bookkeeping needed).
#   SlurmdParameters=config_overrides   slurmd reports the configured CPUs and
#                       RealMemory instead of probed hardware, so a mismatch
#                       (nproc under an affinity mask, container memory
#                       accounting) never drains the node.
#   RealMemory=95% of MemTotal   must not exceed what the node reports.
#   ReturnToService=2   a DOWN node (e.g. after a slurmd restart) comes back
#                       as soon as it registers, no manual 'scontrol update'.
#   MaxArraySize/MaxJobCount   defaults (1001/10000) are too small for big arrays.
#   KillWait=5          scancel/stop do not wait the default 30 s for SIGKILL.
#   MailProg=/bin/true  no MTA in a container (slurmctld logs an error otherwise).
#   MpiDefault=none, PlugStackConfig=DIR/plugstack.conf (empty)
#                       no PMIx and no host SPANK plugins are pulled in.
#   AccountingStorageType=accounting_storage/none, JobCompType=jobcomp/none
#                       no slurmdbd.
# Daemons run in the foreground (-D / -F) under setsid, so their real pids are
# known ($!) and they do not belong to the caller's process group / terminal;
# the pids are recorded in DIR/pids/*.pid.  'stop' only signals a recorded pid
# after checking that its command line still names DIR (guards against reuse).
set -Eeuo pipefail
umask 022
export PATH="$PATH:/usr/sbin:/sbin:/usr/bin:/bin"

PROG=${0##*/}
MARKER=.local-slurm-cluster
DAEMONS_STOP_ORDER=(slurmd slurmctld munged)

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    echo "usage: $PROG start|stop|status DIR" >&2
    exit 2
}

# ---------------------------------------------------------------- helpers --

# Does pid $1 exist and is it not a zombie?
proc_alive() {
    local st
    { read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1   # not $(<f): fatal under set -e if f vanished
    st=${st##*) }
    [[ ${st%% *} != Z && ${st%% *} != X ]]
}

# ppid of pid $1
proc_ppid() {
    local st
    { read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1   # not $(<f): fatal under set -e if f vanished
    st=${st##*) }
    st=${st#* }
    echo "${st%% *}"
}

# Pid recorded for daemon $1, printed only if it is alive and provably ours:
# its command line names $DIR, or it is a direct child of this very script
# (start failure path: it may not have exec'd the daemon yet).
live_pid() {
    local pidfile="$DIR/pids/$1.pid" pid cmd
    [[ -r $pidfile ]] || return 1
    { read -r pid <"$pidfile"; } 2>/dev/null || return 1
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    proc_alive "$pid" || return 1
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
    if [[ $cmd != *"$DIR/"* && $(proc_ppid "$pid") != "$$" ]]; then
        return 1
    fi
    printf '%s\n' "$pid"
}

# Is TCP port $1 in LISTEN state (any address, v4 or v6)?
port_listening() {
    local port=$1 hex f
    hex=$(printf '%04X' "$port")
    for f in /proc/net/tcp /proc/net/tcp6; do
        [[ -r $f ]] || continue
        # field 2 = local addr:port (hex), field 4 = state (0A = LISTEN)
        if awk -v p=":$hex" 'NR>1 && $4=="0A" && substr($2, length($2)-4)==p {found=1} END{exit !found}' "$f"; then
            return 0
        fi
    done
    if command -v ss >/dev/null 2>&1; then
        ss -Hltn "sport = :$port" 2>/dev/null | grep -q . && return 0
    fi
    return 1
}

pick_ports() {
    if [[ -n ${LOCAL_SLURM_CTLD_PORT:-} || -n ${LOCAL_SLURM_D_PORT:-} ]]; then
        CTLD_PORT=${LOCAL_SLURM_CTLD_PORT:-16817}
        D_PORT=${LOCAL_SLURM_D_PORT:-$((CTLD_PORT + 1))}
        [[ $CTLD_PORT =~ ^[0-9]+$ && $D_PORT =~ ^[0-9]+$ && $CTLD_PORT != "$D_PORT" ]] ||
            die "bad LOCAL_SLURM_CTLD_PORT/LOCAL_SLURM_D_PORT ($CTLD_PORT/$D_PORT)"
        ! port_listening "$CTLD_PORT" || die "port $CTLD_PORT already in use"
        ! port_listening "$D_PORT" || die "port $D_PORT already in use"
        return 0
    fi
    local p
    for ((p = 16817; p < 16917; p += 2)); do
        if ! port_listening "$p" && ! port_listening $((p + 1)); then
            CTLD_PORT=$p D_PORT=$((p + 1))
            return 0
        fi
    done
    die "no free port pair in 16817-16916 (set LOCAL_SLURM_CTLD_PORT/LOCAL_SLURM_D_PORT)"
}

print_log_tails() {
    local f
    for f in "$DIR"/munge/munged.log "$DIR"/log/*.log "$DIR"/log/*.out; do
        [[ -s $f ]] || continue
        printf '\n===== tail -n 30 %s =====\n' "$f" >&2
        tail -n 30 "$f" >&2 || true
    done
    if [[ -n ${SLURM_CONF:-} ]] && live_pid slurmctld >/dev/null; then
        printf '\n===== scontrol show node =====\n' >&2
        timeout 10 scontrol show node >&2 2>&1 || true
    fi
}

# Wait until pid $2 (daemon $1) is gone; SIGKILL after $3 seconds.
wait_gone() {
    local name=$1 pid=$2 t=$3 i
    for ((i = 0; i < t * 10; i++)); do
        proc_alive "$pid" || return 0
        sleep 0.1
    done
    log "$name (pid $pid) did not exit after ${t}s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
        proc_alive "$pid" || return 0
        sleep 0.1
    done
    log "warning: $name (pid $pid) still present after SIGKILL"
    return 1
}

# pids of direct children of $1
children_of() {
    local parent=$1 d p
    for d in /proc/[0-9]*; do
        p=${d#/proc/}
        [[ $(proc_ppid "$p" 2>/dev/null) == "$parent" ]] && echo "$p"
    done
    return 0
}

# pids of all descendants of $1 (deepest first)
descendants_of() {
    local c
    for c in $(children_of "$1"); do
        descendants_of "$c"
        echo "$c"
    done
}

# slurmstepd processes spawned by *our* slurmd: their cwd or an open fd is
# under $DIR (they keep DIR/log/slurmd.log open and chdir to DIR/log).
our_stepds() {
    local p comm
    for p in $(pgrep -x slurmstepd 2>/dev/null || true); do
        comm=$(readlink "/proc/$p/cwd" 2>/dev/null || true)
        if [[ $comm == "$DIR"/* ]] || ls -l "/proc/$p/fd" 2>/dev/null | grep -qF -- "$DIR/"; then
            echo "$p"
        fi
    done
}

# ------------------------------------------------------------------- stop --

do_stop() {
    local timeout=${LOCAL_SLURM_STOP_TIMEOUT:-20} name pid i jobs kids=() p c stray signalled=()

    if [[ ! -e $DIR/$MARKER ]]; then
        log "no cluster recorded under $DIR; nothing to stop"
        return 0
    fi
    export SLURM_CONF=$DIR/slurm.conf

    # 1. cancel jobs so slurmstepd / job processes are cleaned up by Slurm itself
    if live_pid slurmctld >/dev/null && live_pid slurmd >/dev/null; then
        jobs=$(timeout 10 squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ' || true)
        if [[ -n ${jobs// /} ]]; then
            log "cancelling jobs: $jobs"
            # shellcheck disable=SC2086
            timeout 10 scancel $jobs 2>/dev/null || true
            for ((i = 0; i < 150; i++)); do   # KillWait=5 -> normally < 7 s
                [[ -z $(timeout 5 squeue -h -o %A 2>/dev/null || true) ]] && break
                sleep 0.1
            done
        fi
    fi

    # 2. daemons, in order slurmd, slurmctld, munged
    for name in "${DAEMONS_STOP_ORDER[@]}"; do
        if pid=$(live_pid "$name"); then
            mapfile -t -O "${#kids[@]}" kids < <(children_of "$pid")
            log "stopping $name (pid $pid)"
            signalled+=("$pid")
            kill -TERM "$pid" 2>/dev/null || true
            wait_gone "$name" "$pid" "$timeout" || true
        fi
        rm -f "$DIR/pids/$name.pid"
    done

    # 3. helpers forked by our daemons (slurmscriptd) and stray slurmstepds
    for p in "${kids[@]}"; do
        if proc_alive "$p"; then
            log "stopping leftover child $p ($(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null))"
            signalled+=("$p")
            kill -TERM "$p" 2>/dev/null || true
            wait_gone "child" "$p" 5 || true
        fi
    done
    stray=$(our_stepds)
    for p in $stray; do
        log "killing leftover slurmstepd $p and its job processes"
        kill -STOP "$p" 2>/dev/null || true   # freeze it so it cannot spawn more
        for c in $(descendants_of "$p"); do
            kill -KILL "$c" 2>/dev/null || true
            signalled+=("$c")
        done
        kill -KILL "$p" 2>/dev/null || true
        signalled+=("$p")
    done
    # The daemons were re-parented to pid 1; give it a moment to reap the
    # zombies so that 'pgrep slurm' right after 'stop' is clean (not fatal).
    for ((i = 0; i < 50; i++)); do
        c=0
        for p in "${signalled[@]}"; do [[ -e /proc/$p ]] && c=1 && break; done
        ((c == 0)) && break
        sleep 0.1
    done
    ((c == 0)) || log "note: some stopped processes are still unreaped zombies (init has not reaped them yet)"
    log "stopped"
}

# ------------------------------------------------------------------ start --

start_daemon() { # name logfile cmd...
    local name=$1 out=$2
    shift 2
    setsid "$@" </dev/null >>"$out" 2>&1 &
    echo $! >"$DIR/pids/$name.pid"
    STARTED+=("$name")
}

on_start_failure() {
    local rc=$?
    trap - EXIT INT TERM
    [[ $rc == 0 ]] && rc=1
    log "start failed (rc=$rc); daemon logs follow"
    print_log_tails
    do_stop || true
    exit "$rc"
}

check_alive() {
    local n
    for n in "${STARTED[@]}"; do
        live_pid "$n" >/dev/null || die "$n exited prematurely"
    done
}

do_start() {
    local cmd host cpus mem_mb max_array max_jobs timeout t0 i state munge_sock
    for cmd in munged slurmctld slurmd sinfo scontrol squeue scancel setsid timeout awk; do
        command -v "$cmd" >/dev/null 2>&1 ||
            die "'$cmd' not found (apt-get install slurm-wlm munge util-linux)"
    done
    [[ $(id -u) == 0 ]] || die "must run as root (SlurmUser=root)"

    # --- DIR sanity --------------------------------------------------------
    if [[ -d $DIR ]]; then
        if [[ -e $DIR/$MARKER ]]; then
            for n in "${DAEMONS_STOP_ORDER[@]}"; do
                ! live_pid "$n" >/dev/null || die "a cluster is already running in $DIR (run '$PROG stop $DIR' first)"
            done
            log "reusing $DIR: wiping state of the previous (stopped) cluster"
            rm -rf "${DIR:?}"/{munge,state,spool,log,run,pids,slurm.conf,plugstack.conf}
        else
            for n in munge state spool log run pids slurm.conf; do
                [[ ! -e $DIR/$n ]] || die "$DIR/$n exists and $DIR was not created by $PROG; use an empty directory"
            done
        fi
    fi
    mkdir -p "$DIR"
    : >"$DIR/$MARKER"
    mkdir -p "$DIR"/{munge,state,spool,log,run,pids}
    chmod 0711 "$DIR/munge"   # munged: socket dir must be searchable by clients

    STARTED=()
    # any failure from here on (set -e, die, Ctrl-C) stops what was started
    trap on_start_failure EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

    host=$(hostname -s)
    [[ -n $host ]] || die "hostname -s is empty"
    # slurmd's per-step unix sockets are DIR/spool/<host>_<job>.<step> (<=108 bytes)
    ((${#DIR} + ${#host} + 32 <= 107)) || die "DIR path too long for unix sockets: $DIR"

    cpus=${LOCAL_SLURM_CPUS:-$(nproc)}
    mem_mb=${LOCAL_SLURM_MEM_MB:-$(awk '/^MemTotal:/ {m = int($2 / 1024 * 0.95); print (m < 1 ? 1 : m)}' /proc/meminfo)}
    max_array=${LOCAL_SLURM_MAX_ARRAY_SIZE:-100001}
    max_jobs=${LOCAL_SLURM_MAX_JOB_COUNT:-200000}
    timeout=${LOCAL_SLURM_START_TIMEOUT:-60}
    pick_ports
    munge_sock=$DIR/munge/munge.socket.2

    # --- munge ---------------------------------------------------------------
    if command -v mungekey >/dev/null 2>&1; then
        mungekey --create --bits=1024 --keyfile="$DIR/munge/munge.key" 2>/dev/null
    else
        dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1 count=1024 status=none
    fi
    chmod 0400 "$DIR/munge/munge.key"

    log "starting munged"
    # -F foreground (we background it), -f: run as root / lenient path checks
    start_daemon munged "$DIR/log/munged.out" munged -F -f \
        --key-file="$DIR/munge/munge.key" --socket="$munge_sock" \
        --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/munge/munged.log" \
        --seed-file="$DIR/munge/munged.seed"
    for ((i = 0; i < 100; i++)); do
        check_alive
        [[ -S $munge_sock ]] && break
        sleep 0.1
    done
    [[ -S $munge_sock ]] || die "munged did not create $munge_sock"
    if command -v munge >/dev/null 2>&1 && command -v unmunge >/dev/null 2>&1; then
        munge -S "$munge_sock" -n | unmunge -S "$munge_sock" >/dev/null ||
            die "munge credential round-trip failed"
    fi

    # --- slurm.conf ------------------------------------------------------------
    : >"$DIR/plugstack.conf"
    cat >"$DIR/slurm.conf" <<EOF
# Generated by $PROG for a throw-away single-node cluster; see the script header.
ClusterName=local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$CTLD_PORT
SlurmdPort=$D_PORT
AuthType=auth/munge
AuthInfo=socket=$munge_sock
CredType=cred/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$DIR/plugstack.conf
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MaxArraySize=$max_array
MaxJobCount=$max_jobs
KillWait=5
MailProg=/bin/true
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF=$DIR/slurm.conf

    # --- slurm daemons -----------------------------------------------------------
    log "starting slurmctld (port $CTLD_PORT) and slurmd (port $D_PORT), node $host cpus=$cpus mem=${mem_mb}MB"
    t0=$SECONDS
    # -i: ignore (absent) saved state instead of refusing; state dir is fresh anyway
    start_daemon slurmctld "$DIR/log/slurmctld.out" slurmctld -D -i -f "$SLURM_CONF"
    for ((i = 0; i < timeout * 10; i++)); do
        check_alive
        timeout 5 scontrol ping 2>/dev/null | grep -q 'is UP' && break
        sleep 0.2
    done
    start_daemon slurmd "$DIR/log/slurmd.out" slurmd -D -N "$host" -f "$SLURM_CONF"

    state=""
    while ((SECONDS - t0 < timeout)); do
        check_alive
        state=$(timeout 5 sinfo -h -N -n "$host" -o %T 2>/dev/null | head -n1 || true)
        [[ $state == idle ]] && break
        sleep 0.2
    done
    [[ $state == idle ]] || die "node $host not idle after ${timeout}s (state: '${state:-unknown}')"

    trap - EXIT INT TERM
    log "cluster up in $((SECONDS - t0))s: node $host idle, partition debug (ports $CTLD_PORT/$D_PORT)"
    log "stop with: $0 stop $DIR"
    printf 'export SLURM_CONF=%s\n' "$SLURM_CONF"
}

do_status() {
    local n rc=0 pid
    for n in munged slurmctld slurmd; do
        if pid=$(live_pid "$n"); then
            log "$n running (pid $pid)"
        else
            log "$n not running"
            rc=1
        fi
    done
    return $rc
}

# ------------------------------------------------------------------- main --

[[ $# == 2 ]] || usage
ACTION=$1
[[ -n $2 ]] || usage
DIR=$(realpath -m -- "$2")
[[ $DIR =~ ^/[A-Za-z0-9._/+-]+$ ]] || die "DIR must be a path of [A-Za-z0-9._/+-] only (it goes into slurm.conf): $DIR"
[[ $DIR != / ]] || die "refusing DIR=/"

case $ACTION in
    start) do_start ;;
    stop) do_stop ;;
    status) do_status ;;
    *) usage ;;
esac
