// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Sandbox Dollar (SBD)
/// @notice A plain ERC-20 for the sandbox's EVM chains. The deployer receives the whole supply and hands it out
/// in the first block; token transfers between the sandbox accounts follow, so Transfer logs exist to decode.
/// A short balance or allowance reverts with a custom error, so the console has one to decode.
contract SandboxDollar {
    string public constant name = "Sandbox Dollar";
    string public constant symbol = "SBD";
    uint8 public constant decimals = 6;

    /// @notice 100,000,000 SBD.
    uint256 public totalSupply = 100_000_000 * 10 ** 6;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address owner, address spender, uint256 allowance, uint256 needed);

    constructor() {
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance(from, msg.sender, allowed, value);
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
