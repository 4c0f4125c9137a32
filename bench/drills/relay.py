#!/usr/bin/env python3
"""A TCP relay in front of PostgreSQL for the outage drill: SIGUSR1 cuts it (open connections are reset, new ones
refused), SIGUSR2 restores it. Usage: relay.py LISTEN_PORT TARGET_HOST TARGET_PORT"""
import selectors, signal, socket, sys

listen_port, target_host, target_port = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
sel = selectors.DefaultSelector()
pairs = {}  # socket -> its peer
cut = False

def close_pair(s):
    peer = pairs.pop(s, None)
    for x in (s, peer):
        if x is not None:
            try:
                sel.unregister(x)
            except (KeyError, ValueError):
                pass
            pairs.pop(x, None)
            x.close()

def on_cut(*_):
    global cut
    cut = True
    for s in list(pairs):
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b'\x01\x00\x00\x00\x00\x00\x00\x00')
        except OSError:
            pass
        close_pair(s)

def on_restore(*_):
    global cut
    cut = False

signal.signal(signal.SIGUSR1, on_cut)
signal.signal(signal.SIGUSR2, on_restore)
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(('127.0.0.1', listen_port))
server.listen(256)
server.setblocking(False)
sel.register(server, selectors.EVENT_READ)
print('relay ready', flush=True)
while True:
    try:
        events = sel.select(1.0)
    except InterruptedError:
        continue
    for key, _ in events:
        s = key.fileobj
        if s is server:
            client, _ = server.accept()
            if cut:
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b'\x01\x00\x00\x00\x00\x00\x00\x00')
                client.close()
                continue
            try:
                upstream = socket.create_connection((target_host, target_port), timeout=2)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            for x in (client, upstream):
                # small protocol messages must not wait for an ACK (Nagle + delayed ACK: 40 ms a round trip)
                x.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sel.register(x, selectors.EVENT_READ)  # blocking sockets: a readable one returns at once
            pairs[client], pairs[upstream] = upstream, client
        elif s in pairs:
            try:
                data = s.recv(65536)
            except OSError:
                data = b''
            if not data:
                close_pair(s)
            else:
                try:
                    pairs[s].sendall(data)
                except (OSError, KeyError):
                    close_pair(s)
