// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Atoms of Purse's actor protocols (CAF 0.17: at most 10 characters).

#include <caf/atom.hpp>

namespace purse {

/// Run a database task on a persistence worker.
using run_atom = caf::atom_constant<caf::atom("run")>;
constexpr run_atom run_atom_v = run_atom{};

/// Look up the state of a presented key.
using auth_atom = caf::atom_constant<caf::atom("auth")>;
constexpr auth_atom auth_atom_v = auth_atom{};

/// Handle an API call.
using call_atom = caf::atom_constant<caf::atom("call")>;
constexpr call_atom call_atom_v = call_atom{};

/// Finish what is in flight, then stop (an idle actor being evicted).
using stop_atom = caf::atom_constant<caf::atom("stop")>;
constexpr stop_atom stop_atom_v = stop_atom{};

/// Forget what is cached (a notification named it).
using forget_atom = caf::atom_constant<caf::atom("forget")>;
constexpr forget_atom forget_atom_v = forget_atom{};

/// Run a read and answer the front end directly.
using answer_atom = caf::atom_constant<caf::atom("answer")>;
constexpr answer_atom answer_atom_v = answer_atom{};

/// Runs a scope's batch of writes (group commit).
using batch_atom = caf::atom_constant<caf::atom("batch")>;
constexpr batch_atom batch_atom_v = batch_atom{};

/// Look for idle actors to evict (the sweeper's timer).
using sweep_atom = caf::atom_constant<caf::atom("sweep")>;
constexpr sweep_atom sweep_atom_v = sweep_atom{};

/// Fold report rollup changes (the rollup folder's timer).
using fold_atom = caf::atom_constant<caf::atom("fold")>;
constexpr fold_atom fold_atom_v = fold_atom{};

/// Dial a cluster member again (a node link's timer).
using dial_atom = caf::atom_constant<caf::atom("dial")>;
constexpr dial_atom dial_atom_v = dial_atom{};

/// Answer the calls that waited too long (a node link's timer).
using timeout_atom = caf::atom_constant<caf::atom("timeout")>;
constexpr timeout_atom timeout_atom_v = timeout_atom{};

/// A member that dialled this node introduces its ingress.
using hello_atom = caf::atom_constant<caf::atom("hello")>;
constexpr hello_atom hello_atom_v = hello_atom{};

/// In a member's introduction: it places keys and scopes by placement tag
/// (purse/actors/placement_tag.hpp). Nodes that place them otherwise have
/// another ingress interface, so neither kind joins a cluster of the other.
using tags_atom = caf::atom_constant<caf::atom("tags")>;
constexpr tags_atom tags_atom_v = tags_atom{};

/// A key's windows, for the node that serves the key now.
using windows_atom = caf::atom_constant<caf::atom("windows")>;
constexpr windows_atom windows_atom_v = windows_atom{};

/// A key's windows, handed to a node that just joined and serves the key
/// now; the old owner serves the key no more.
using handover_atom = caf::atom_constant<caf::atom("handover")>;
constexpr handover_atom handover_atom_v = handover_atom{};

/// Which membership view (its epoch) a member serves under now.
using epoch_atom = caf::atom_constant<caf::atom("epoch")>;
constexpr epoch_atom epoch_atom_v = epoch_atom{};

/// Renew the cluster membership and read the view (the membership's
/// timer).
using renew_atom = caf::atom_constant<caf::atom("renew")>;
constexpr renew_atom renew_atom_v = renew_atom{};

/// Read the membership view now (a write was fenced).
using refresh_atom = caf::atom_constant<caf::atom("refresh")>;
constexpr refresh_atom refresh_atom_v = refresh_atom{};

/// Hold a call from a blocked client until its key is looked up with the
/// others held (the key checker).
using hold_atom = caf::atom_constant<caf::atom("hold")>;
constexpr hold_atom hold_atom_v = hold_atom{};

/// Look up the keys held now (the key checker's timer).
using check_atom = caf::atom_constant<caf::atom("check")>;
constexpr check_atom check_atom_v = check_atom{};

/// Leave the cluster (SIGTERM).
using leave_atom = caf::atom_constant<caf::atom("leave")>;
constexpr leave_atom leave_atom_v = leave_atom{};

/// Prune the changes feed's old tombstones (the sweeper's own timer).
using prune_atom = caf::atom_constant<caf::atom("prune")>;
constexpr prune_atom prune_atom_v = prune_atom{};

/// Look for due webhook deliveries (the deliverer's own timer).
using deliver_atom = caf::atom_constant<caf::atom("deliver")>;
constexpr deliver_atom deliver_atom_v = deliver_atom{};

/// Where a cluster node's call listener is (its port; call_listener.hpp).
using wire_atom = caf::atom_constant<caf::atom("wire")>;
constexpr wire_atom wire_atom_v = wire_atom{};

} // namespace purse
