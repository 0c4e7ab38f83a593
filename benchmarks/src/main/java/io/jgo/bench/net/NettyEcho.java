package io.jgo.bench.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;

/**
 * Netty 4.2's echo server as its own example writes it ({@code EchoServerHandler}: write in
 * {@code channelRead}, flush in {@code channelReadComplete}), on the NIO or the native epoll
 * transport: one acceptor loop and {@code parallelism} worker loops.
 */
final class NettyEcho {

    private NettyEcho() {
    }

    @ChannelHandler.Sharable
    static final class EchoHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a reset by the load generator
        }
    }

    static NetServer.Running start(InetSocketAddress at, int parallelism, boolean epoll) throws InterruptedException {
        if (epoll && !Epoll.isAvailable()) {
            throw new IllegalStateException("Netty's native epoll transport is not available here", Epoll.unavailabilityCause());
        }
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(parallelism, io);
        EchoHandler handler = new EchoHandler();
        Channel ch = new ServerBootstrap()
                .group(boss, workers)
                .channel(channel)
                .option(ChannelOption.SO_BACKLOG, NetServer.BACKLOG)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(handler)
                .bind(at).sync().channel();
        int port = ((InetSocketAddress) ch.localAddress()).getPort();
        return () -> port;
    }
}
