import {
  MessageFlags,
  type AnySelectMenuInteraction,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type ModalSubmitInteraction,
  type RepliableInteraction,
} from "discord.js";
import type { Logger } from "../logger.js";
import type { CommandModule, ComponentHandler } from "./command.js";
import type { CommandRegistry } from "./command-registry.js";
import { parseCustomId } from "./custom-id.js";
import { defuseMentions, fitAutocompleteChoices } from "./format.js";
import { InFlight } from "./in-flight.js";
import { messages } from "./messages.js";
import { optionShapeProblem } from "./option-shape.js";
import { newReferenceCode } from "./reference-code.js";
import type { WriteRateLimiter } from "./rate-limit.js";
import { InteractionReply, noMentions, type AcknowledgeableInteraction } from "./reply.js";
import {
  UserError,
  databaseUnavailability,
  unavailableMessages,
  userMessageOf,
} from "./user-facing-error.js";
import { commandWrites, componentWrites } from "./writes.js";

export interface DispatcherOptions {
  readonly registry: CommandRegistry;
  readonly log: Logger;
  /** How long a handler may stay silent before the dispatcher defers for it. */
  readonly autoDeferAfterMs?: number;
  readonly newReferenceCode?: () => string;
  /** Limits how fast each user may change the table; no limit when absent. */
  readonly writeRateLimiter?: WriteRateLimiter;
  /** Limits how fast each user may roll (commands declaring `rolls`); no limit when absent. */
  readonly rollRateLimiter?: WriteRateLimiter;
}

type ComponentInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;
type ComponentKind = keyof typeof messages.expired;

/**
 * The single entry point for interactions: routes each to its command module, answers for
 * handlers that stay silent or fail, and keeps track of running work for a clean shutdown.
 */
export class InteractionDispatcher {
  private readonly inFlight = new InFlight();
  private accepting = true;

  constructor(private readonly options: DispatcherOptions) {}

  /** Never rejects: every failure is logged and, where Discord allows, answered. */
  handle(interaction: Interaction): Promise<void> {
    const log = this.options.log.child(logFields(interaction));
    return this.inFlight.track(
      this.route(interaction, log).catch((error: unknown) => {
        log.error({ err: error }, "interaction dispatch failed");
      }),
    );
  }

  /** From now on, interactions get "restarting, try again" instead of running. */
  stopAccepting(): void {
    this.accepting = false;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Waits for running interactions; false if some were still running after `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean> {
    return this.inFlight.idle(timeoutMs);
  }

  private async route(interaction: Interaction, log: Logger): Promise<void> {
    if (!this.accepting) return refuse(interaction, log);
    if (interaction.isChatInputCommand()) return this.runCommand(interaction, log);
    if (interaction.isAutocomplete()) return this.runAutocomplete(interaction, log);
    if (interaction.isButton()) {
      return this.runComponent(interaction, "button", (module) => module.buttons, log);
    }
    if (interaction.isAnySelectMenu()) {
      return this.runComponent(interaction, "selectMenu", (module) => module.selectMenus, log);
    }
    if (interaction.isModalSubmit()) {
      return this.runComponent(interaction, "modal", (module) => module.modals, log);
    }
    if (interaction.isRepliable()) {
      log.warn("no handler for this kind of interaction");
      await interaction.reply({
        content: messages.unknownCommand,
        flags: MessageFlags.Ephemeral,
        allowedMentions: noMentions(),
      });
    }
  }

  private async runCommand(interaction: ChatInputCommandInteraction, log: Logger): Promise<void> {
    const module = this.options.registry.get(interaction.commandName);
    const reply = this.createReply(
      interaction,
      ephemeralFor(module, interaction, log),
      "reply",
      log,
    );
    await this.run(reply, log, async () => {
      if (module === undefined) {
        log.warn("unknown command");
        await reply.send({ content: messages.unknownCommand, ephemeral: true });
        return;
      }
      this.refuseStaleShape(interaction, "command", log);
      if (module.rolls === true) this.spendRollToken(interaction.user.id);
      else this.spendWriteToken(commandWrites(module, interaction), interaction.user.id);
      await module.execute(interaction, {
        reply,
        log,
        services: undefined,
        registered: this.options.registry.definitions(),
        gmOnly: this.options.registry.gmOnlyPaths(),
      });
    });
  }

  private async runAutocomplete(interaction: AutocompleteInteraction, log: Logger): Promise<void> {
    const module = this.options.registry.get(interaction.commandName);
    let choices: Parameters<AutocompleteInteraction["respond"]>[0] = [];
    try {
      this.refuseStaleShape(interaction, "autocomplete", log);
      if (module?.autocomplete !== undefined) {
        choices = await module.autocomplete(interaction, {
          log,
          services: undefined,
          registered: this.options.registry.definitions(),
        });
      }
    } catch (error) {
      // Autocomplete cannot show an error; an empty list is the honest answer. A refusal (an id
      // of another server, a stale option) is no bug.
      const userMessage = userMessageOf(error);
      if (userMessage === undefined) log.error({ err: error }, "autocomplete failed");
      else log.info({ userMessage }, "autocomplete refused");
    }
    await interaction.respond(fitAutocompleteChoices(choices));
  }

  private async runComponent<I extends ComponentInteraction>(
    interaction: I,
    kind: ComponentKind,
    handlersOf: (
      module: CommandModule,
    ) => Readonly<Record<string, ComponentHandler<I>>> | undefined,
    log: Logger,
  ): Promise<void> {
    const parsed = parseCustomId(interaction.customId);
    const module = parsed === undefined ? undefined : this.options.registry.get(parsed.command);
    const handlers = module === undefined ? undefined : handlersOf(module);
    const handler =
      parsed !== undefined && handlers !== undefined && Object.hasOwn(handlers, parsed.action)
        ? handlers[parsed.action]
        : undefined;
    const source = interaction.isModalSubmit()
      ? interaction.isFromMessage()
        ? interaction.message
        : undefined
      : interaction.message;
    // On a private message, answers stay private unless a handler says otherwise.
    const onPrivateMessage = source?.flags.has(MessageFlags.Ephemeral) ?? false;
    const reply = this.createReply(
      interaction,
      onPrivateMessage,
      source === undefined ? "reply" : "update",
      log,
    );
    await this.run(reply, log, async () => {
      if (parsed === undefined || handler === undefined) {
        log.info("no handler for this custom id");
        await reply.send({ content: messages.expired[kind], ephemeral: true });
        return;
      }
      if (module?.rollComponents?.includes(parsed.action) === true) {
        this.spendRollToken(interaction.user.id);
      } else if (module !== undefined) {
        this.spendWriteToken(componentWrites(module, parsed.action), interaction.user.id);
      }
      await handler(interaction, {
        reply,
        log,
        services: undefined,
        registered: this.options.registry.definitions(),
        gmOnly: this.options.registry.gmOnlyPaths(),
        action: parsed.action,
        args: parsed.args,
      });
    });
  }

  /** Refuses options shaped by an older version of the command, before any handler sees them. */
  private refuseStaleShape(
    interaction: ChatInputCommandInteraction | AutocompleteInteraction,
    purpose: "command" | "autocomplete",
    log: Logger,
  ): void {
    const definition = this.options.registry.definition(interaction.commandName);
    if (definition === undefined) return;
    const problem = optionShapeProblem(definition, interaction.options.data, purpose);
    if (problem === undefined) return;
    log.info({ problem }, "options do not match the command");
    throw new UserError(unavailableMessages.staleCommand);
  }

  /** Refuses a write, before it starts, when the user is over their rate limit. */
  private spendWriteToken(writes: boolean, userId: string): void {
    const limiter = this.options.writeRateLimiter;
    if (!writes || limiter === undefined) return;
    const decision = limiter.take(userId);
    if (!decision.allowed) {
      throw new UserError(messages.slowDown(Math.ceil(decision.retryAfterMs / 1000)));
    }
  }

  /** Refuses a roll, before it is rolled, when the user is over their roll rate limit. */
  private spendRollToken(userId: string): void {
    const decision = this.options.rollRateLimiter?.take(userId);
    if (decision !== undefined && !decision.allowed) {
      throw new UserError(messages.rollingTooFast(Math.ceil(decision.retryAfterMs / 1000)));
    }
  }

  private createReply(
    interaction: RepliableInteraction,
    ephemeral: boolean,
    autoDefer: "reply" | "update",
    log: Logger,
  ): InteractionReply {
    return new InteractionReply(acknowledgeable(interaction), {
      ephemeral,
      autoDefer,
      autoDeferAfterMs: this.options.autoDeferAfterMs,
      onBackgroundError: (error, action) => {
        log.warn({ err: error }, `could not ${action}`);
      },
      componentMessageEphemeral: ephemeral,
    });
  }

  /** Runs a handler, then makes sure Discord got an answer: its own, a fallback or an error. */
  private async run(
    reply: InteractionReply,
    log: Logger,
    work: () => Promise<void>,
  ): Promise<void> {
    const started = performance.now();
    let outcome: "ok" | "refused" | "error" = "ok";
    try {
      await work();
      reply.stopTimer();
      if (reply.awaitingAnswer) await answerSilentHandler(reply, log);
    } catch (error) {
      reply.stopTimer();
      outcome = userMessageOf(error) === undefined ? "error" : "refused";
      await this.answerError(error, reply, log);
    }
    // One line per answered interaction costs ~0.2 ms of CPU: routine ones are debug, and
    // refusals and errors (which also log why) stay visible at info.
    log[outcome === "ok" ? "debug" : "info"](
      { outcome, durationMs: Math.round(performance.now() - started) },
      "interaction done",
    );
  }

  private async answerError(error: unknown, reply: InteractionReply, log: Logger): Promise<void> {
    let content = mapDefined(userMessageOf(error), defuseMentions);
    if (content === undefined) {
      const reference = (this.options.newReferenceCode ?? newReferenceCode)();
      log.error({ err: error, reference }, "interaction failed");
      content = messages.internalError(reference);
    } else if (databaseUnavailability(error) !== undefined) {
      log.warn({ err: error, userMessage: content }, "database unavailable; request refused");
    } else {
      log.info({ userMessage: content }, "request refused");
    }
    try {
      await reply.send({ content, ephemeral: true });
    } catch (sendError) {
      log.warn({ err: sendError }, "could not tell the user about the failure");
    }
  }
}

/** A component may legitimately say nothing; a command that does is a bug worth a warning. */
async function answerSilentHandler(reply: InteractionReply, log: Logger): Promise<void> {
  if (!reply.acknowledged && reply.canUpdate) {
    await reply.deferUpdate();
    return;
  }
  log.warn("handler finished without answering");
  await reply.send({ content: messages.done, ephemeral: true });
}

/**
 * The interaction as the reply helper drives it, through discord.js's public API: first answers
 * on the interaction, everything after through its webhook (`@original` and follow-ups), which
 * does not depend on discord.js having seen the first answer succeed (a retried callback that
 * Discord answers "already acknowledged" did arrive).
 */
function acknowledgeable(interaction: RepliableInteraction): AcknowledgeableInteraction {
  const webhook = interaction.webhook;
  return {
    reply: (options) => interaction.reply(options),
    deferReply: (options) => interaction.deferReply(options),
    editReply: (options) => webhook.editMessage("@original", options),
    followUp: (options) => webhook.send(options),
    deleteReply: () => webhook.deleteMessage("@original"),
    ...(interaction.isMessageComponent() || interaction.isModalSubmit()
      ? componentAnswers(interaction)
      : {}),
    ...("showModal" in interaction ? { showModal: (modal) => interaction.showModal(modal) } : {}),
  };
}

function componentAnswers(
  interaction: AnySelectMenuInteraction | ButtonInteraction | ModalSubmitInteraction,
): Pick<AcknowledgeableInteraction, "update" | "deferUpdate"> {
  if (interaction.isModalSubmit() && !interaction.isFromMessage()) return {};
  return {
    update: (options) => interaction.update(options),
    deferUpdate: () => interaction.deferUpdate(),
  };
}

function ephemeralFor(
  module: CommandModule | undefined,
  interaction: ChatInputCommandInteraction,
  log: Logger,
): boolean {
  const setting = module?.ephemeral ?? false;
  if (typeof setting === "boolean") return setting;
  try {
    return setting(interaction);
  } catch (error) {
    log.warn({ err: error }, "could not decide whether the answer is private; answering publicly");
    return false;
  }
}

async function refuse(interaction: Interaction, log: Logger): Promise<void> {
  log.info("refused: shutting down");
  if (interaction.isAutocomplete()) {
    await interaction.respond([]);
  } else if (interaction.isRepliable()) {
    await interaction.reply({
      content: messages.restarting,
      flags: MessageFlags.Ephemeral,
      allowedMentions: noMentions(),
    });
  }
}

function logFields(interaction: Interaction): Record<string, string | undefined> {
  const customId =
    interaction.isMessageComponent() || interaction.isModalSubmit()
      ? interaction.customId
      : undefined;
  const command =
    interaction.isCommand() || interaction.isAutocomplete()
      ? interaction.commandName
      : customId === undefined
        ? undefined
        : parseCustomId(customId)?.command;
  return {
    interactionId: interaction.id,
    guildId: interaction.guildId ?? undefined,
    channelId: interaction.channelId ?? undefined,
    userId: interaction.user.id,
    command,
    customId,
  };
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}
