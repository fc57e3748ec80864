import type { FastifyReply, FastifyRequest } from 'fastify';
/**
 * Builds the Web Request React Router expects. The body is the raw, unparsed stream: the site scope
 * removes Fastify's body parsers so form posts reach route actions untouched.
 */
export declare function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request;
/** Sends a Web Response through Fastify: status, every header (each Set-Cookie apart), streamed body. */
export declare function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply;
