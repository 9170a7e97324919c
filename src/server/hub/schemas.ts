import { Id, Type } from '../../../schemas/api/common.js';

/**
 * The query the SignalR client sends to /TaskHub and its negotiate call: the user it expects to be (checked
 * against the token), the token itself on WebSocket upgrades, and the connection token after a negotiate.
 */
export const HubQuery = Type.Object({
  userId: Type.Optional(Id),
  access_token: Type.Optional(Type.String({ maxLength: 8192 })),
  id: Type.Optional(Type.String({ maxLength: 200 })),
  negotiateVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
});

/** The SignalR negotiate answer (version 1): WebSockets with text frames only. */
export const NegotiateAnswer = Type.Object({
  negotiateVersion: Type.Integer(),
  connectionId: Type.String(),
  connectionToken: Type.String(),
  availableTransports: Type.Array(
    Type.Object({ transport: Type.String(), transferFormats: Type.Array(Type.String()) }),
  ),
});
