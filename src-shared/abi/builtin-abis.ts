// The token standards every library starts with: ERC-20, ERC-721 and ERC-1155 as OpenZeppelin 5
// declares them (the EIPs' functions and events plus the metadata extensions), with the ERC-6093
// custom errors OpenZeppelin reverts with, so a revert from a standard token decodes by name.
// Written with small builders rather than 500 lines of JSON; a test runs each through parseAbiText.
// Parameter names: OpenZeppelin's for inputs (account, owner, spender, to, value, tokenId…); an output is
// named where the EIP names it (ERC-20's balance, remaining, success), without the EIP's leading underscore,
// and unnamed where the EIP leaves it unnamed. standard-names.ts lends these names to other ABIs' unnamed
// parameters (a token whose balanceOf is a public mapping has none).
import type { AbiJsonItem, AbiParam, StateMutability } from './abi-json.ts';

type P = readonly [type: string, name: string, indexed?: boolean];
const params = (list: readonly P[]): AbiParam[] =>
  list.map(([type, name, indexed]) => (indexed === undefined ? { type, name } : { type, name, indexed }));

const fn = (
  name: string,
  inputs: readonly P[],
  outputs: readonly P[],
  stateMutability: StateMutability,
): AbiJsonItem => ({
  type: 'function',
  name,
  inputs: params(inputs),
  outputs: params(outputs),
  stateMutability,
});
const view = (name: string, inputs: readonly P[], outputs: readonly P[]) => fn(name, inputs, outputs, 'view');
const send = (name: string, inputs: readonly P[], outputs: readonly P[] = []) =>
  fn(name, inputs, outputs, 'nonpayable');
const event = (name: string, inputs: readonly P[]): AbiJsonItem => ({
  type: 'event',
  name,
  inputs: params(inputs.map(([type, n, indexed]) => [type, n, indexed ?? false] as const)),
  anonymous: false,
});
const error = (name: string, inputs: readonly P[]): AbiJsonItem => ({ type: 'error', name, inputs: params(inputs) });

const supportsInterface = view('supportsInterface', [['bytes4', 'interfaceId']], [['bool', '']]);
const approvalForAll = (owner: string) =>
  event('ApprovalForAll', [
    ['address', owner, true],
    ['address', 'operator', true],
    ['bool', 'approved'],
  ]);

export const ERC20_ABI: readonly AbiJsonItem[] = [
  view('name', [], [['string', '']]),
  view('symbol', [], [['string', '']]),
  view('decimals', [], [['uint8', '']]),
  view('totalSupply', [], [['uint256', '']]),
  view('balanceOf', [['address', 'account']], [['uint256', 'balance']]),
  view(
    'allowance',
    [
      ['address', 'owner'],
      ['address', 'spender'],
    ],
    [['uint256', 'remaining']],
  ),
  send(
    'transfer',
    [
      ['address', 'to'],
      ['uint256', 'value'],
    ],
    [['bool', 'success']],
  ),
  send(
    'approve',
    [
      ['address', 'spender'],
      ['uint256', 'value'],
    ],
    [['bool', 'success']],
  ),
  send(
    'transferFrom',
    [
      ['address', 'from'],
      ['address', 'to'],
      ['uint256', 'value'],
    ],
    [['bool', 'success']],
  ),
  event('Transfer', [
    ['address', 'from', true],
    ['address', 'to', true],
    ['uint256', 'value'],
  ]),
  event('Approval', [
    ['address', 'owner', true],
    ['address', 'spender', true],
    ['uint256', 'value'],
  ]),
  error('ERC20InsufficientBalance', [
    ['address', 'sender'],
    ['uint256', 'balance'],
    ['uint256', 'needed'],
  ]),
  error('ERC20InvalidSender', [['address', 'sender']]),
  error('ERC20InvalidReceiver', [['address', 'receiver']]),
  error('ERC20InsufficientAllowance', [
    ['address', 'spender'],
    ['uint256', 'allowance'],
    ['uint256', 'needed'],
  ]),
  error('ERC20InvalidApprover', [['address', 'approver']]),
  error('ERC20InvalidSpender', [['address', 'spender']]),
];

export const ERC721_ABI: readonly AbiJsonItem[] = [
  supportsInterface,
  view('name', [], [['string', 'name']]),
  view('symbol', [], [['string', 'symbol']]),
  view('tokenURI', [['uint256', 'tokenId']], [['string', '']]),
  view('balanceOf', [['address', 'owner']], [['uint256', '']]),
  view('ownerOf', [['uint256', 'tokenId']], [['address', '']]),
  view('getApproved', [['uint256', 'tokenId']], [['address', '']]),
  view(
    'isApprovedForAll',
    [
      ['address', 'owner'],
      ['address', 'operator'],
    ],
    [['bool', '']],
  ),
  send('approve', [
    ['address', 'to'],
    ['uint256', 'tokenId'],
  ]),
  send('setApprovalForAll', [
    ['address', 'operator'],
    ['bool', 'approved'],
  ]),
  send('transferFrom', [
    ['address', 'from'],
    ['address', 'to'],
    ['uint256', 'tokenId'],
  ]),
  send('safeTransferFrom', [
    ['address', 'from'],
    ['address', 'to'],
    ['uint256', 'tokenId'],
  ]),
  send('safeTransferFrom', [
    ['address', 'from'],
    ['address', 'to'],
    ['uint256', 'tokenId'],
    ['bytes', 'data'],
  ]),
  event('Transfer', [
    ['address', 'from', true],
    ['address', 'to', true],
    ['uint256', 'tokenId', true],
  ]),
  event('Approval', [
    ['address', 'owner', true],
    ['address', 'approved', true],
    ['uint256', 'tokenId', true],
  ]),
  approvalForAll('owner'),
  error('ERC721InvalidOwner', [['address', 'owner']]),
  error('ERC721NonexistentToken', [['uint256', 'tokenId']]),
  error('ERC721IncorrectOwner', [
    ['address', 'sender'],
    ['uint256', 'tokenId'],
    ['address', 'owner'],
  ]),
  error('ERC721InvalidSender', [['address', 'sender']]),
  error('ERC721InvalidReceiver', [['address', 'receiver']]),
  error('ERC721InsufficientApproval', [
    ['address', 'operator'],
    ['uint256', 'tokenId'],
  ]),
  error('ERC721InvalidApprover', [['address', 'approver']]),
  error('ERC721InvalidOperator', [['address', 'operator']]),
];

export const ERC1155_ABI: readonly AbiJsonItem[] = [
  supportsInterface,
  view('uri', [['uint256', 'id']], [['string', '']]),
  view(
    'balanceOf',
    [
      ['address', 'account'],
      ['uint256', 'id'],
    ],
    [['uint256', '']],
  ),
  view(
    'balanceOfBatch',
    [
      ['address[]', 'accounts'],
      ['uint256[]', 'ids'],
    ],
    [['uint256[]', '']],
  ),
  view(
    'isApprovedForAll',
    [
      ['address', 'account'],
      ['address', 'operator'],
    ],
    [['bool', '']],
  ),
  send('setApprovalForAll', [
    ['address', 'operator'],
    ['bool', 'approved'],
  ]),
  send('safeTransferFrom', [
    ['address', 'from'],
    ['address', 'to'],
    ['uint256', 'id'],
    ['uint256', 'value'],
    ['bytes', 'data'],
  ]),
  send('safeBatchTransferFrom', [
    ['address', 'from'],
    ['address', 'to'],
    ['uint256[]', 'ids'],
    ['uint256[]', 'values'],
    ['bytes', 'data'],
  ]),
  event('TransferSingle', [
    ['address', 'operator', true],
    ['address', 'from', true],
    ['address', 'to', true],
    ['uint256', 'id'],
    ['uint256', 'value'],
  ]),
  event('TransferBatch', [
    ['address', 'operator', true],
    ['address', 'from', true],
    ['address', 'to', true],
    ['uint256[]', 'ids'],
    ['uint256[]', 'values'],
  ]),
  approvalForAll('account'),
  event('URI', [
    ['string', 'value'],
    ['uint256', 'id', true],
  ]),
  error('ERC1155InsufficientBalance', [
    ['address', 'sender'],
    ['uint256', 'balance'],
    ['uint256', 'needed'],
    ['uint256', 'tokenId'],
  ]),
  error('ERC1155InvalidSender', [['address', 'sender']]),
  error('ERC1155InvalidReceiver', [['address', 'receiver']]),
  error('ERC1155MissingApprovalForAll', [
    ['address', 'operator'],
    ['address', 'owner'],
  ]),
  error('ERC1155InvalidApprover', [['address', 'approver']]),
  error('ERC1155InvalidOperator', [['address', 'operator']]),
  error('ERC1155InvalidArrayLength', [
    ['uint256', 'idsLength'],
    ['uint256', 'valuesLength'],
  ]),
];

/** The built-in library entries, with stable ids so a selection survives a restart. */
export const BUILTIN_ABIS = [
  { id: 'builtin-erc20', name: 'ERC-20', abi: ERC20_ABI },
  { id: 'builtin-erc721', name: 'ERC-721', abi: ERC721_ABI },
  { id: 'builtin-erc1155', name: 'ERC-1155', abi: ERC1155_ABI },
] as const;
