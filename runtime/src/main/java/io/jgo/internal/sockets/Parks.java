package io.jgo.internal.sockets;

/**
 * Marks a stream or reader whose reads park a goroutine on the poller (a channel-backed socket's
 * input, or a parking decorator over one): the decorator factories of {@link SocketIo} wrap only
 * these in parking decorators; anything else gets the JDK's.
 */
interface Parks {
}
