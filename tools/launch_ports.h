// The rendezvous port of `kibitz launch` (tools/launch_command.cc), checked
// or picked before any rank starts, and the address rank 0 listens at.
// Torch-free: the launcher only spawns processes.
#pragma once

#include <cstdint>
#include <string>

namespace kibitz::tools {

// Throws KibitzError naming --master-port when `port` cannot be listened on
// here (another process holds it). Probed as rank 0's rendezvous will bind
// it: every interface, SO_REUSEADDR (a port held only by an earlier run's
// connections in TIME_WAIT is free).
void check_port_free(std::uint16_t port);

// A port free at this moment, from the kernel's ephemeral range (bind port
// 0, read it, release it). Another process may take it before rank 0 binds
// it: rank 0 then refuses to start, naming the port (docs/distributed.md).
std::uint16_t pick_free_port();

// Throws KibitzError naming --master-addr when `host` (a name or a numeric
// address) does not resolve to an address of this machine: the ranks are
// local, so rank 0 must be able to listen there.
void check_local_address(const std::string& host);

// "HOST:PORT", or "[HOST]:PORT" for an IPv6 address: --master's syntax.
std::string master_text(const std::string& host, std::uint16_t port);

}  // namespace kibitz::tools
