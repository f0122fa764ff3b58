// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Move {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title VaultLocker: deposits of tokens withdrawable after a time. Its read interface
/// follows the "Team Finance" lock (getDepositsByTokenAddress, lockedToken).
contract VaultLocker {
    struct Items {
        address tokenAddress;
        address withdrawalAddress;
        uint256 tokenAmount;
        uint256 unlockTime;
        bool withdrawn;
    }

    uint256 public depositId;
    mapping(uint256 => Items) public lockedToken;
    mapping(address => uint256[]) private _depositsByToken;

    event LogTokenWithdrawal(address sentToAddress, uint256 amount);
    event Deposit(uint256 id, address token, address withdrawalAddress, uint256 amount, uint256 unlockTime);

    function lockToken(address token, address withdrawalAddress, uint256 amount, uint256 unlockTime) external returns (uint256 id) {
        require(amount > 0, "Token amount too low!");
        require(unlockTime > block.timestamp, "Unlock time must be in future!");
        require(IERC20Move(token).transferFrom(msg.sender, address(this), amount), "transferFrom failed");
        id = ++depositId;
        lockedToken[id] = Items(token, withdrawalAddress, amount, unlockTime, false);
        _depositsByToken[token].push(id);
        emit Deposit(id, token, withdrawalAddress, amount, unlockTime);
    }

    function withdrawTokens(uint256 id) external {
        Items storage item = lockedToken[id];
        require(block.timestamp >= item.unlockTime, "Tokens are locked!");
        require(msg.sender == item.withdrawalAddress, "Can withdraw from the address used for locking");
        require(!item.withdrawn, "Tokens already withdrawn!");
        item.withdrawn = true;
        require(IERC20Move(item.tokenAddress).transfer(msg.sender, item.tokenAmount), "transfer failed");
        emit LogTokenWithdrawal(msg.sender, item.tokenAmount);
    }

    function getDepositsByTokenAddress(address token) external view returns (uint256[] memory) {
        return _depositsByToken[token];
    }
}
