// SPDX-License-Identifier: GPL-2.0-or-later
#include "cluster/db_relay.hpp"

#include <chrono>
#include <stdexcept>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace purse::test {

namespace {

int connect_local(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

} // namespace

int port_of_url(const std::string& url) {
  auto at = url.rfind('@');
  auto colon = url.find(':', at == std::string::npos ? 0 : at);
  auto slash = url.find('/', colon);
  return std::stoi(url.substr(colon + 1, slash - colon - 1));
}

db_relay::db_relay(int target_port) : target_port_(target_port) {
  listener_ = socket(AF_INET, SOCK_STREAM, 0);
  int one = 1;
  setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0
      || listen(listener_, 64) != 0)
    throw std::runtime_error("db_relay: cannot listen");
  socklen_t len = sizeof(addr);
  getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
  port_ = ntohs(addr.sin_port);
  threads_.emplace_back([this] {
    accept_loop();
  });
}

db_relay::~db_relay() {
  stopping_ = true;
  shutdown(listener_, SHUT_RDWR);
  close(listener_);
  {
    std::lock_guard<std::mutex> guard{mtx_};
    for (int fd : fds_)
      shutdown(fd, SHUT_RDWR);
  }
  for (auto& t : threads_)
    t.join();
  for (int fd : fds_)
    close(fd);
}

std::string db_relay::url_through(const std::string& url) const {
  auto at = url.rfind('@');
  auto colon = url.find(':', at == std::string::npos ? 0 : at);
  auto slash = url.find('/', colon);
  return url.substr(0, colon + 1) + std::to_string(port_) + url.substr(slash);
}

void db_relay::accept_loop() {
  while (!stopping_) {
    int client = accept(listener_, nullptr, nullptr);
    if (client < 0)
      return;
    int server = connect_local(target_port_);
    if (server < 0) {
      close(client);
      continue;
    }
    std::lock_guard<std::mutex> guard{mtx_};
    fds_.push_back(client);
    fds_.push_back(server);
    threads_.emplace_back([this, client, server] {
      pump(client, server);
    });
  }
}

void db_relay::pump(int client, int server) {
  char buf[16384];
  while (!stopping_) {
    if (frozen_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
    if (poll(fds, 2, 50) <= 0)
      continue;
    for (int i = 0; i < 2; ++i) {
      if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
        continue;
      auto n = read(fds[i].fd, buf, sizeof(buf));
      if (n <= 0) {
        shutdown(client, SHUT_RDWR);
        shutdown(server, SHUT_RDWR);
        return;
      }
      int to = i == 0 ? server : client;
      for (ssize_t off = 0; off < n;) {
        auto w = write(to, buf + off, static_cast<std::size_t>(n - off));
        if (w <= 0)
          return;
        off += w;
      }
    }
  }
}

} // namespace purse::test
